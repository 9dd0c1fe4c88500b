import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
import { UnpaidInvoicesList } from '../components/unpaid-invoices-list';

/** /dashboard/golfrelated/invoice-payment: unpaid invoices, and registering their payments (docs/receipts.md#invoice-payment). */
export default function InvoicePaymentPage() {
  const { t } = useTranslation(['receipts', 'shell']);
  return (
    <ListPage
      title={t('unpaid.title')}
      description={t('unpaid.description')}
      section={t('shell:nav.groups.golf')}
      scope="invoices.read"
    >
      <UnpaidInvoicesList />
    </ListPage>
  );
}
