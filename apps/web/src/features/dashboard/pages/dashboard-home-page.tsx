import type { DashboardStats } from '@fairway/shared';
import { Anchor, Badge, Button, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  type Icon,
  IconCalendarStats,
  IconChartLine,
  IconFileAlert,
  IconPlugConnected,
  IconReceipt2,
  IconUserPlus,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, type RefCallback, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { INTEGRATIONS_PATH } from '../../../app/route-table';
import { CompletionNote, completionText } from '../../../components/completion-note';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list/list-states';
import { useAccountingConnection } from '../../../components/list/use-accounting-connection';
// The home page shows the statistics feature's card and chart (docs/accounting-data.md#dashboard puts both on the home).
import { PageHeader } from '../../../components/page-header';
import { StatCard } from '../../../components/stat-card';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';
import { changePercent, formatAmount, formatCount, formatKronor } from '../../../lib/figures';
import { currentLanguage } from '../../../lib/i18n';
import { useDashboardStats } from '../api/get-dashboard-stats';

// The chart library (recharts, about 120 KB gzip) arrives after the figures have painted, and
// only once the chart is scrolled into view (below the fold on a phone; docs/web-app.md#bundle-budget);
// its space is kept meanwhile.
const MonthChart = lazy(() => import('../../../components/month-chart').then((m) => ({ default: m.MonthChart })));

const UNPAID_COLUMNS = ['invoiceNumber', 'customerName', 'amount', 'invoiceDate', 'dueDate'] as const;

/**
 * /dashboard. The figures come from the club's accounting program (the portal's copy of it);
 * until one is connected every card and list says so and points to Integrations, rather than
 * showing zeros.
 */
export default function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${brand.name}`);
  const name = user?.displayName || user?.name;
  const connection = useAccountingConnection();
  const mayRead = user?.scopes.includes('invoices.read') ?? false;
  const stats = useDashboardStats(user?.currentAccount?.id, mayRead && !connection.notConnected);
  const lang = currentLanguage();
  const data = connection.notConnected || !mayRead ? null : stats.data;
  const [chartRef, chartSeen] = useSeen<HTMLDivElement>();

  const cards: { id: string; icon: Icon; value: ReactNode | null | undefined; hint: ReactNode; noValueLabel?: string }[] = [
    {
      id: 'billedThisMonth',
      icon: IconReceipt2,
      value: data && formatKronor(data.billedThisMonth.totalOre, lang),
      hint: data ? t('stats.billedThisMonth.value', { count: data.billedThisMonth.count }) : t('stats.billedThisMonth.hint'),
    },
    {
      id: 'unpaidInvoices',
      icon: IconFileAlert,
      value: data && formatCount(data.unpaid.count, lang),
      hint: data
        ? t('stats.unpaidInvoices.value', {
            amount: formatKronor(data.unpaid.balanceOre, lang),
            overdue: formatCount(data.unpaid.overdueCount, lang),
          })
        : t('stats.unpaidInvoices.hint'),
    },
    {
      id: 'newMembersThisMonth',
      icon: IconUserPlus,
      value: data ? (data.newMembersThisMonth === null ? null : formatCount(data.newMembersThisMonth, lang)) : data,
      hint: !data
        ? t('stats.newMembersThisMonth.hint')
        : data.newMembersThisMonth === null
          ? t('stats.newMembersThisMonth.noAccess')
          : t('stats.newMembersThisMonth.value'),
    },
    {
      id: 'revenueThisYear',
      icon: IconCalendarStats,
      // Null until every invoice of the year is read whole: "—" and when it will be there.
      value: data && (data.revenueThisYear.netOre === null ? null : formatKronor(data.revenueThisYear.netOre, lang)),
      hint: data ? revenueHint(data, t, lang) : t('stats.revenueThisYear.hint'),
      noValueLabel: t('common:completion.updating'),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={name ? t('greeting', { name, account: user?.currentAccount?.name ?? user?.organisation.name }) : undefined}
      />

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="section" aria-label={t('keyFigures')}>
        {cards.map((card) => (
          <StatCard
            key={card.id}
            testId={`stat-${card.id}`}
            label={t(`stats.${card.id}.label`)}
            icon={card.icon}
            // Not connected (or not allowed): "—" with the reason below, never zeros.
            value={data === null ? null : card.value}
            noValueLabel={data && card.noValueLabel ? card.noValueLabel : t('noValue')}
            hint={card.hint}
          />
        ))}
      </SimpleGrid>

      {data ? <CompletionNote completion={data.completion} /> : null}

      {stats.isError && data !== null ? <ListError error={stats.error} onRetry={() => void stats.refetch()} /> : null}

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-chart-title">
        <Title order={2} fz="h4" id="dashboard-chart-title" mb="md">
          {t('chart.title')}
        </Title>
        {data === null ? (
          <NotConnected text={t('chart.empty')} />
        ) : (
          <div ref={chartRef}>
            {chartSeen ? (
              <Suspense fallback={<Skeleton h={280} radius="md" />}>
                <MonthChart
                  label={t('chart.title')}
                  points={data?.chart}
                  series={[
                    { key: 'billedTotalOre', label: t('chart.billed'), color: 'blue.6' },
                    { key: 'paidOre', label: t('chart.paid'), color: 'teal.6' },
                  ]}
                />
              </Suspense>
            ) : (
              <Skeleton h={280} radius="md" />
            )}
          </div>
        )}
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-unpaid-title">
        <Title order={2} fz="h4" id="dashboard-unpaid-title" mb="md">
          {t('unpaid.title')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped={false} highlightOnHover={Boolean(data?.unpaidInvoices.length)}>
            <Table.Thead>
              <Table.Tr>
                {UNPAID_COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col" ta={column === 'amount' ? 'right' : undefined}>
                    {t(`unpaid.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody data-testid="unpaid-invoices">
              {data === null ? (
                <Table.Tr>
                  <Table.Td colSpan={UNPAID_COLUMNS.length}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('noData.inline')}{' '}
                      <Anchor component={Link} to={INTEGRATIONS_PATH}>
                        {t('noData.integrations')}
                      </Anchor>
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : data === undefined ? (
                [0, 1, 2].map((row) => (
                  <Table.Tr key={row}>
                    {UNPAID_COLUMNS.map((column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              ) : data.unpaidInvoices.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={UNPAID_COLUMNS.length}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('unpaid.none')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.unpaidInvoices.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/acounting/invoices/edit/${invoice.id}`}>
                        {invoice.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{invoice.customerName}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(invoice.balanceOre, invoice.currency, lang)}
                      {invoice.balanceOre !== invoice.totalOre ? (
                        <Text span c="dimmed" fz="xs" display="block">
                          {t('unpaid.ofTotal', { total: formatAmount(invoice.totalOre, invoice.currency, lang) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.invoiceDate, lang)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {invoice.dueDate ? formatDate(invoice.dueDate, lang) : '—'}{' '}
                      {invoice.overdue ? (
                        <Badge color="red" variant="light" size="sm">
                          {t('unpaid.overdue')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && data.unpaid.count > data.unpaidInvoices.length ? (
          <Text fz="sm" c="dimmed" mt="sm">
            {t('unpaid.more', { shown: data.unpaidInvoices.length, count: data.unpaid.count })}{' '}
            <Anchor component={Link} to="/dashboard/acounting/invoices">
              {t('unpaid.all')}
            </Anchor>
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}

/**
 * A ref for an element and whether any of it has been in the viewport (it stays true from then
 * on). Without IntersectionObserver it is true at once.
 */
function useSeen<T extends Element>(): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  const ref = useCallback((node: T | null) => {
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, seen];
}

function revenueHint(data: DashboardStats, t: TFunction, lang: 'sv' | 'en') {
  const { netOre, previousYearToDateNetOre } = data.revenueThisYear;
  if (netOre === null) return completionText(data.completion, t);
  if (previousYearToDateNetOre === null) return t('stats.revenueThisYear.value');
  const change = changePercent(netOre, previousYearToDateNetOre);
  return change === null
    ? t('stats.revenueThisYear.value')
    : t('stats.revenueThisYear.change', {
        change: `${change > 0 ? '+' : ''}${change}`,
        previous: formatKronor(previousYearToDateNetOre, lang),
      });
}

function NotConnected({ text }: { text: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState
      withBorder={false}
      order={3}
      icon={<IconChartLine size={30} stroke={1.6} />}
      title={t('noData.title')}
      action={
        <Button
          component={Link}
          to={INTEGRATIONS_PATH}
          variant="light"
          leftSection={<IconPlugConnected size={18} aria-hidden="true" />}
        >
          {t('noData.action')}
        </Button>
      }
    >
      {text}
    </EmptyState>
  );
}
