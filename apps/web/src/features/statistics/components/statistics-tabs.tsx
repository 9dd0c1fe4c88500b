import type {
  ContractStatistics,
  CustomerStatistics,
  GeneralStatistics,
  InvoiceStatistics,
  NetCoverage,
  ProductStatistics,
} from '@fairway/shared';
import { DonutChart } from '@mantine/charts';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { changePercent, formatCount, formatKronor } from '../lib/format';
import { MonthChart } from './money-chart';
import { StatCard } from './stat-card';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section">
      <Title order={3} fz="h5" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function useChange() {
  const { t } = useTranslation('statistics');
  return (current: number, previous: number, format: (v: number) => string) => {
    const change = changePercent(current, previous);
    return change === null
      ? t('previous', { value: format(previous) })
      : t('change', { change: `${change > 0 ? '+' : ''}${change}`, value: format(previous) });
  };
}

/** Sums ex VAT cover the invoices read in full: say so when that is not all of them. */
function CoverageNote({ coverage }: { coverage: NetCoverage }) {
  const { t } = useTranslation('statistics');
  if (coverage.withNet >= coverage.invoices) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden="true" />} data-testid="coverage-note">
      {t('coverage', { withNet: coverage.withNet, count: coverage.invoices })}
    </Alert>
  );
}

export function GeneralTab({ data }: { data: GeneralStatistics | undefined }) {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  const change = useChange();
  const kr = (v: number) => formatKronor(v, lang);
  const totals = data?.totals;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('general.billed')}
          value={totals && kr(totals.billedTotalOre)}
          hint={totals && change(totals.billedTotalOre, totals.previousBilledTotalOre, kr)}
        />
        <StatCard
          label={t('general.paid')}
          value={totals && kr(totals.paidOre)}
          hint={totals && change(totals.paidOre, totals.previousPaidOre, kr)}
        />
        <StatCard
          label={t('general.unpaid')}
          value={totals && kr(totals.unpaidBalanceOre)}
          hint={totals && t('general.overdue', { amount: kr(totals.overdueBalanceOre) })}
        />
        <StatCard
          label={t('general.billedNet')}
          value={totals && kr(totals.billedNetOre)}
          hint={totals && t('general.counts', { invoices: totals.invoiceCount, credits: totals.creditNoteCount })}
        />
      </SimpleGrid>
      {totals ? <CoverageNote coverage={totals.netCoverage} /> : null}
      <Section title={t('general.chart')}>
        <MonthChart
          label={t('general.chart')}
          points={data?.months}
          series={[
            { key: 'billedTotalOre', label: t('series.billed'), color: 'blue.6' },
            { key: 'previousBilledTotalOre', label: t('series.billedPrevious'), color: 'gray.5' },
            { key: 'paidOre', label: t('series.paid'), color: 'teal.6' },
          ]}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StatCard label={t('general.activeCustomers')} value={totals && formatCount(totals.activeCustomers, lang)} />
        <StatCard label={t('general.activeContracts')} value={totals && formatCount(totals.activeContracts, lang)} />
      </SimpleGrid>
    </Stack>
  );
}

const STATUS_COLORS: Record<string, string> = {
  unbooked: 'gray.5',
  unpaid: 'blue.6',
  overdue: 'red.6',
  paid: 'teal.6',
  credit: 'orange.5',
  cancelled: 'dark.3',
  active: 'teal.6',
  upcoming: 'blue.5',
  inactive: 'gray.5',
  finished: 'dark.3',
  terminated: 'red.6',
};

function StatusDonut({ entries, label }: { entries: { status: string; count: number }[]; label: string }) {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  const data = entries
    .filter((e) => e.count > 0)
    .map((e) => ({ name: t(`status.${e.status}`), value: e.count, color: STATUS_COLORS[e.status] ?? 'gray.5' }));
  return (
    <Group align="center" gap="xl" wrap="wrap">
      <figure aria-label={label} style={{ margin: 0 }}>
        <DonutChart data={data} withTooltip tooltipDataSource="segment" size={180} thickness={28} />
      </figure>
      <Table w="auto" verticalSpacing={4}>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.status}>
              <Table.Td>{t(`status.${e.status}`)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatCount(e.count, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}

export function InvoicesTab({ data }: { data: InvoiceStatistics | undefined }) {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  const change = useChange();
  const kr = (v: number) => formatKronor(v, lang);
  const n = (v: number) => formatCount(v, lang);
  const totals = data?.totals;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('invoices.count')}
          value={totals && n(totals.count)}
          hint={totals && change(totals.count, totals.previousCount, n)}
        />
        <StatCard
          label={t('invoices.billed')}
          value={totals && kr(totals.billedTotalOre)}
          hint={totals && change(totals.billedTotalOre, totals.previousBilledTotalOre, kr)}
        />
        <StatCard
          label={t('invoices.credited')}
          value={totals && kr(totals.creditedTotalOre)}
          hint={totals && t('invoices.creditNotes', { count: totals.creditNoteCount, cancelled: totals.cancelledCount })}
        />
        <StatCard
          label={t('invoices.daysToPay')}
          value={
            totals ? (totals.averageDaysToPay === null ? null : t('invoices.days', { days: totals.averageDaysToPay })) : undefined
          }
          hint={totals && t('invoices.netVat', { net: kr(totals.billedNetOre), vat: kr(totals.billedVatOre) })}
        />
      </SimpleGrid>
      {totals ? <CoverageNote coverage={totals.netCoverage} /> : null}
      <Section title={t('invoices.chart')}>
        <MonthChart
          label={t('invoices.chart')}
          points={data?.months}
          series={[
            { key: 'billedTotalOre', label: t('series.billed'), color: 'blue.6' },
            { key: 'paidOre', label: t('series.paid'), color: 'teal.6' },
            { key: 'creditedTotalOre', label: t('series.credited'), color: 'orange.5' },
          ]}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('invoices.countChart')}>
          <MonthChart
            kind="line"
            money={false}
            height={220}
            label={t('invoices.countChart')}
            points={data?.months}
            series={[
              { key: 'count', label: t('series.count'), color: 'blue.6' },
              { key: 'previousCount', label: t('series.countPrevious'), color: 'gray.5' },
            ]}
          />
        </Section>
        <Section title={t('invoices.byStatus')}>
          {data ? <StatusDonut entries={data.byStatus} label={t('invoices.byStatus')} /> : null}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

export function CustomersTab({ data }: { data: CustomerStatistics | undefined }) {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  const change = useChange();
  const n = (v: number) => formatCount(v, lang);
  const totals = data?.totals;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label={t('customers.total')}
          value={totals && n(totals.customers)}
          hint={totals && t('customers.active', { count: totals.active })}
        />
        <StatCard label={t('customers.companies')} value={totals && n(totals.companies)} />
        <StatCard label={t('customers.private')} value={totals && n(totals.private)} />
        <StatCard
          label={t('customers.billed')}
          value={totals && n(totals.billedCustomers)}
          hint={totals && change(totals.billedCustomers, totals.previousBilledCustomers, n)}
        />
      </SimpleGrid>
      <Section title={t('customers.chart')}>
        <MonthChart
          money={false}
          label={t('customers.chart')}
          points={data?.months}
          series={[
            { key: 'billedCustomers', label: t('series.customers'), color: 'blue.6' },
            { key: 'previousBilledCustomers', label: t('series.customersPrevious'), color: 'gray.5' },
          ]}
        />
      </Section>
      <Section title={t('customers.top')}>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" data-testid="top-customers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.columns.customer')}</Table.Th>
                <Table.Th ta="right">{t('customers.columns.invoices')}</Table.Th>
                <Table.Th ta="right">{t('customers.columns.billed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.top ?? []).map((c) => (
                <Table.Tr key={c.customerNumber}>
                  <Table.Td>
                    {c.customerId ? (
                      <Anchor component={Link} to={`/dashboard/acounting/customers/edit/${c.customerId}`}>
                        {c.customerName}
                      </Anchor>
                    ) : (
                      c.customerName
                    )}{' '}
                    <Text span c="dimmed" fz="xs">
                      {c.customerNumber}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{n(c.invoiceCount)}</Table.Td>
                  <Table.Td ta="right">{formatKronor(c.billedTotalOre, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && data.top.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : null}
      </Section>
    </Stack>
  );
}

export function ContractsTab({ data }: { data: ContractStatistics | undefined }) {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  const change = useChange();
  const kr = (v: number) => formatKronor(v, lang);
  const n = (v: number) => formatCount(v, lang);
  const totals = data?.totals;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard label={t('contracts.total')} value={totals && n(totals.contracts)} />
        <StatCard
          label={t('contracts.monthlyValue')}
          value={totals && kr(totals.monthlyValueOre)}
          hint={t('contracts.monthlyValueHint')}
        />
        <StatCard
          label={t('contracts.invoiced')}
          value={totals && kr(totals.invoicedTotalOre)}
          hint={totals && change(totals.invoicedTotalOre, totals.previousInvoicedTotalOre, kr)}
        />
        <StatCard
          label={t('contracts.started')}
          value={totals && n(totals.started)}
          hint={totals && change(totals.started, totals.previousStarted, n)}
        />
      </SimpleGrid>
      <Section title={t('contracts.chart')}>
        <MonthChart
          label={t('contracts.chart')}
          points={data?.months}
          series={[
            { key: 'invoicedTotalOre', label: t('series.contractInvoiced'), color: 'blue.6' },
            { key: 'previousInvoicedTotalOre', label: t('series.contractInvoicedPrevious'), color: 'gray.5' },
          ]}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('contracts.byStatus')}>
          {data ? <StatusDonut entries={data.byStatus} label={t('contracts.byStatus')} /> : null}
        </Section>
        <Section title={t('contracts.byInterval')}>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {(data?.byInterval ?? []).map((i) => (
                <Table.Tr key={i.months}>
                  <Table.Td>{t('contracts.interval', { count: i.months })}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {n(i.count)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data && data.byInterval.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : null}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

export function ProductsTab({ data }: { data: ProductStatistics | undefined }) {
  const { t } = useTranslation('statistics');
  const lang = currentLanguage();
  const change = useChange();
  const kr = (v: number) => formatKronor(v, lang);
  return (
    <Stack gap="md">
      {data ? (
        <Alert
          variant="light"
          color={data.coverage.invoicesWithRows < data.coverage.invoices ? 'blue' : 'teal'}
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          data-testid="products-coverage"
        >
          {t('products.coverage', { withRows: data.coverage.invoicesWithRows, count: data.coverage.invoices })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <StatCard
          label={t('products.revenue')}
          value={data && kr(data.totals.netOre)}
          hint={data && change(data.totals.netOre, data.totals.previousNetOre, kr)}
        />
        <StatCard label={t('products.articles')} value={data && formatCount(data.totals.articles, lang)} />
      </SimpleGrid>
      <Section title={t('products.chart')}>
        <MonthChart
          label={t('products.chart')}
          points={data?.months}
          series={[
            { key: 'netOre', label: t('series.revenue'), color: 'blue.6' },
            { key: 'previousNetOre', label: t('series.revenuePrevious'), color: 'gray.5' },
          ]}
        />
      </Section>
      <Section title={t('products.top')}>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="top-products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.columns.article')}</Table.Th>
                <Table.Th ta="right">{t('products.columns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('products.columns.revenue')}</Table.Th>
                <Table.Th ta="right">{t('products.columns.previous')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.articles ?? []).map((a) => (
                <Table.Tr key={a.articleNumber ?? ''}>
                  <Table.Td>
                    {a.articleNumber ? (
                      <>
                        {a.description}{' '}
                        <Text span c="dimmed" fz="xs">
                          {a.articleNumber}
                        </Text>
                      </>
                    ) : (
                      <Text span fs="italic">
                        {t('products.noArticle')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE', { maximumFractionDigits: 2 }).format(
                      a.quantityHundredths / 100,
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{kr(a.netOre)}</Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {kr(a.previousNetOre)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && data.articles.length === 0 ? <Text c="dimmed">{t('empty')}</Text> : null}
      </Section>
    </Stack>
  );
}
