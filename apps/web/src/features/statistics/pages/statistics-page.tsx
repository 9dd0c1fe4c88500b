import { LAST_12_MONTHS, STATISTICS_TABS, type StatisticsTab } from '@fairway/shared';
import { Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChartBar, IconFileInvoice, IconFileText, IconPackage, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { brand } from '../../../app/brand';
import { AccessDeniedScreen } from '../../../components/access-denied-screen';
import { CompletionNote } from '../../../components/completion-note';
import { ListError, ListNotConnected } from '../../../components/list/list-states';
import { useAccountingConnection } from '../../../components/list/use-accounting-connection';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useTabParam } from '../../../lib/use-tab-param';
import { useStatistics } from '../api/get-statistics';
import { StatisticsTabView } from '../components/statistics-tabs';

const ICONS = {
  general: IconChartBar,
  contracts: IconFileText,
  customers: IconUsers,
  invoices: IconFileInvoice,
  products: IconPackage,
} as const;

/** The periods offered: the last 12 months, this year and the two before. */
function periods(today: Date): string[] {
  const year = today.getFullYear();
  return [LAST_12_MONTHS, String(year), String(year - 1), String(year - 2)];
}

/** /dashboard/acounting/statistics: charts of the accounting data per tab and period (`?tab=`, `?period=`). */
export default function StatisticsPage() {
  const { t } = useTranslation(['statistics', 'shell']);
  const user = useCurrentUser();
  const [tab, setTab] = useTabParam(STATISTICS_TABS, 'general');
  const [searchParams, setSearchParams] = useSearchParams();
  const options = periods(new Date());
  const requested = searchParams.get('period');
  const period = requested && options.includes(requested) ? requested : LAST_12_MONTHS;
  useDocumentTitle(`${t('title')} · ${brand.name}`);

  const breadcrumbs: Crumb[] = [
    { label: t('shell:nav.home'), to: '/dashboard' },
    { label: t('shell:nav.groups.accounting') },
    { label: t('title') },
  ];
  const allowed = user?.scopes.includes('statistics.read') ?? false;
  const connection = useAccountingConnection();

  const choosePeriod = (value: string | null) => {
    if (!value) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('period', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={breadcrumbs}
        description={t('description')}
        actions={
          allowed ? (
            <Select
              aria-label={t('period.label')}
              value={period}
              onChange={choosePeriod}
              allowDeselect={false}
              w={240}
              data={options.map((p) => ({ value: p, label: p === LAST_12_MONTHS ? t('period.last12') : p }))}
            />
          ) : undefined
        }
      />
      {user && !allowed ? (
        <AccessDeniedScreen />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            {STATISTICS_TABS.map((id) => {
              const TabIcon = ICONS[id];
              return (
                <Tabs.Tab key={id} value={id} leftSection={<TabIcon size={16} aria-hidden="true" />}>
                  {t(`tabs.${id}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {STATISTICS_TABS.map((id) => (
            <Tabs.Panel key={id} value={id}>
              {connection.notConnected ? (
                <ListNotConnected>{t('notConnected')}</ListNotConnected>
              ) : allowed ? (
                <TabContent tab={id} period={period} clubAccountId={user?.currentAccount?.id} />
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </>
  );
}

function TabContent({ tab, period, clubAccountId }: { tab: StatisticsTab; period: string; clubAccountId: string | undefined }) {
  const { t } = useTranslation('statistics');
  const query = useStatistics(tab, period, clubAccountId);
  const lang = currentLanguage();
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const data = query.data;
  return (
    <Stack gap="md" data-testid={`statistics-${tab}`}>
      {data ? (
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed">
            {t('window', { from: formatDate(data.from, lang), to: formatDate(data.to, lang) })}
          </Text>
          <Text fz="sm" c="dimmed">
            {data.syncedAt
              ? t('syncedAt', { at: new Date(data.syncedAt).toLocaleString(lang === 'en' ? 'en-SE' : 'sv-SE') })
              : t('neverSynced')}
          </Text>
        </Group>
      ) : null}
      {data ? <CompletionNote completion={data.completion} /> : null}
      <StatisticsTabView tab={tab} data={data} />
    </Stack>
  );
}
