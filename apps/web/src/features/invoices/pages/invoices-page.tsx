import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { InvoicesList } from '../components/invoices-list';

/** /dashboard/acounting/invoices: the invoices of the accounting program. */
export default function InvoicesPage() {
  const { t } = useTranslation(['invoices', 'shell']);
  return (
    <ListPage title={t('title')} description={t('description')} section={t('shell:nav.groups.accounting')} scope="invoices.read">
      <InvoicesList />
    </ListPage>
  );
}
