import { IconCategory, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list/list-page';
// The one agreed cross-feature import: the customers page hosts the customer segments as its
// "Segments" tab (segments are listed under customers, docs/accounting-data.md#segments), and the
// segments feature owns that list.
import { CustomerSegmentsList } from '../../segments/components/customer-segments-list';
import { CustomersList } from '../components/customers-list';

/** /dashboard/acounting/customers: the customers of the accounting program, and their segments. */
export default function CustomersPage() {
  const { t } = useTranslation(['customers', 'shell']);
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      section={t('shell:nav.groups.accounting')}
      scope="customers.read"
      tabs={[
        { value: 'customers', label: t('tabs.customers'), icon: IconUsers, content: <CustomersList /> },
        { value: 'segments', label: t('tabs.segments'), icon: IconCategory, content: <CustomerSegmentsList /> },
      ]}
    />
  );
}
