import { IconCategory, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list/list-page';
import { CustomersList } from '../../features/customers/components/customers-list';
import { CustomerSegmentsList } from '../../features/segments/components/customer-segments-list';

/**
 * /dashboard/acounting/customers: the customers of the accounting program from the customers
 * feature, and their segments from the segments feature as the "Segments" tab (segments are listed
 * under customers, docs/accounting-data.md#segments), composed here so neither feature imports the other.
 */
export default function CustomersAndSegmentsPage() {
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
