import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCategory, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useTabParam } from '../../../lib/use-tab-param';
// The one agreed cross-feature import: the customers page hosts the customer segments as its
// "Segments" tab (spec §2 links segments under customers), and the segments feature owns that list.
import { CustomerSegmentsList } from '../../segments/components/customer-segments-list';
import { useCurrentUser } from '../../users/api/get-current-user';
import { CustomersList } from '../components/customers-list';

const TABS = ['customers', 'segments'] as const;

/** /dashboard/acounting/customers: the customers of the accounting program, and their segments. */
export default function CustomersPage() {
  const { t } = useTranslation(['customers', 'shell']);
  const user = useCurrentUser();
  const [tab, setTab] = useTabParam(TABS, 'customers');
  useDocumentTitle(`${t('title')} · ${brand.name}`);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title') },
  ];
  const allowed = user?.scopes.includes('customers.read') ?? false;

  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={breadcrumbs} description={t('description')} />
      {user && !allowed ? (
        <AccessDeniedScreen />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="customers" leftSection={<IconUsers size={16} aria-hidden="true" />}>
              {t('tabs.customers')}
            </Tabs.Tab>
            <Tabs.Tab value="segments" leftSection={<IconCategory size={16} aria-hidden="true" />}>
              {t('tabs.segments')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="customers">{allowed ? <CustomersList /> : null}</Tabs.Panel>
          <Tabs.Panel value="segments">{allowed ? <CustomerSegmentsList /> : null}</Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
