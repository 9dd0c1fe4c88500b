import { Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarEvent, IconFileDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useTabParam } from '../../../lib/use-tab-param';
import { useCurrentUser } from '../../users/api/get-current-user';
import { ContractSchedules } from '../components/contract-schedules';
import { ContractsList } from '../components/contracts-list';

const TABS = ['contracts', 'schedules'] as const;

/** /dashboard/acounting/contracts: the contracts of the accounting program, and what is scheduled for them. */
export default function ContractsPage() {
  const { t } = useTranslation(['contracts', 'shell']);
  const user = useCurrentUser();
  const [tab, setTab] = useTabParam(TABS, 'contracts');
  useDocumentTitle(`${t('title')} · ${brand.name}`);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title') },
  ];
  const allowed = user?.scopes.includes('contracts.read') ?? false;

  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={breadcrumbs} description={t('description')} />
      {user && !allowed ? (
        <AccessDeniedScreen />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="contracts" leftSection={<IconFileDollar size={16} aria-hidden="true" />}>
              {t('tabs.contracts')}
            </Tabs.Tab>
            <Tabs.Tab value="schedules" leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}>
              {t('tabs.schedules')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="contracts">{allowed ? <ContractsList /> : null}</Tabs.Panel>
          <Tabs.Panel value="schedules">{allowed ? <ContractSchedules /> : null}</Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
