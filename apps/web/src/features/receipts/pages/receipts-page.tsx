import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { ReceiptsList } from '../components/receipts-list';

/** /dashboard/golfrelated/receipts: receipts of invoices fully paid in the last 90 days (docs/receipts.md#window). */
export default function ReceiptsPage() {
  const { t } = useTranslation(['receipts', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      section={t('shell:nav.groups.golf')}
      scope="receipts.read"
      helpKey="receipts.list"
    >
      <ReceiptsList />
    </ListPage>
  );
}
