import type { StatisticsTab } from '@fairway/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StatisticsByTab } from '../api/get-statistics';
import {
  type Block,
  cards,
  chart,
  compared,
  donut,
  StatisticsBlocks,
  sideBySide,
  table,
  whenComplete,
} from './statistics-blocks';

/**
 * What each statistics tab shows, top to bottom: key figures, notes, charts per month, donuts
 * and tables. Labels are text keys of the `statistics` namespace; figures arrive in öre.
 */
export const STATISTICS_VIEWS: { [K in StatisticsTab]: Block<StatisticsByTab[K]>[] } = {
  general: [
    cards([
      compared('general.billed', 'kr', (d) => [d.totals.billedTotalOre, d.totals.previousBilledTotalOre]),
      compared('general.paid', 'kr', (d) => [d.totals.paidOre, d.totals.previousPaidOre]),
      {
        label: 'general.unpaid',
        value: (d, f) => f.kr(d.totals.unpaidBalanceOre),
        hint: (d, f) => f.t('general.overdue', { amount: f.kr(d.totals.overdueBalanceOre) }),
      },
      {
        label: 'general.billedNet',
        // Null until every invoice of the period is read whole (the page's completion note says when).
        value: (d, f) => (d.totals.billedNetOre === null ? null : f.kr(d.totals.billedNetOre)),
        hint: (d, f) =>
          d.totals.billedNetOre === null
            ? f.completion(d.completion)
            : f.t('general.counts', { invoices: d.totals.invoiceCount, credits: d.totals.creditNoteCount }),
      },
    ]),
    chart('general.chart', [
      ['billedTotalOre', 'series.billed', 'blue.6'],
      ['previousBilledTotalOre', 'series.billedPrevious', 'gray.5'],
      ['paidOre', 'series.paid', 'teal.6'],
    ]),
    cards(
      [
        { label: 'general.activeCustomers', value: (d, f) => f.n(d.totals.activeCustomers) },
        { label: 'general.activeContracts', value: (d, f) => f.n(d.totals.activeContracts) },
      ],
      { base: 1, sm: 2 },
    ),
  ],

  invoices: [
    cards([
      compared('invoices.count', 'n', (d) => [d.totals.count, d.totals.previousCount]),
      compared('invoices.billed', 'kr', (d) => [d.totals.billedTotalOre, d.totals.previousBilledTotalOre]),
      {
        label: 'invoices.credited',
        value: (d, f) => f.kr(d.totals.creditedTotalOre),
        hint: (d, f) => f.t('invoices.creditNotes', { count: d.totals.creditNoteCount, cancelled: d.totals.cancelledCount }),
      },
      {
        label: 'invoices.daysToPay',
        value: (d, f) => (d.totals.averageDaysToPay === null ? null : f.t('invoices.days', { days: d.totals.averageDaysToPay })),
        hint: (d, f) =>
          d.totals.billedNetOre === null || d.totals.billedVatOre === null
            ? f.t('invoices.netVatPending', { pending: f.completion(d.completion) })
            : f.t('invoices.netVat', { net: f.kr(d.totals.billedNetOre), vat: f.kr(d.totals.billedVatOre) }),
      },
    ]),
    chart('invoices.chart', [
      ['billedTotalOre', 'series.billed', 'blue.6'],
      ['paidOre', 'series.paid', 'teal.6'],
      ['creditedTotalOre', 'series.credited', 'orange.5'],
    ]),
    sideBySide(
      chart(
        'invoices.countChart',
        [
          ['count', 'series.count', 'blue.6'],
          ['previousCount', 'series.countPrevious', 'gray.5'],
        ],
        { kind: 'line', money: false, height: 220 },
      ),
      donut('invoices.byStatus', (d) => d.byStatus),
    ),
  ],

  customers: [
    cards([
      {
        label: 'customers.total',
        value: (d, f) => f.n(d.totals.customers),
        hint: (d, f) => f.t('customers.active', { count: d.totals.active }),
      },
      { label: 'customers.companies', value: (d, f) => f.n(d.totals.companies) },
      { label: 'customers.private', value: (d, f) => f.n(d.totals.private) },
      compared('customers.billed', 'n', (d) => [d.totals.billedCustomers, d.totals.previousBilledCustomers]),
    ]),
    chart(
      'customers.chart',
      [
        ['billedCustomers', 'series.customers', 'blue.6'],
        ['previousBilledCustomers', 'series.customersPrevious', 'gray.5'],
      ],
      { money: false },
    ),
    table({
      title: 'customers.top',
      testId: 'top-customers',
      minWidth: 480,
      rows: (d) => d.top,
      rowKey: (c) => c.customerNumber,
      columns: [
        {
          header: 'customers.columns.customer',
          cell: (c) => (
            <>
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
            </>
          ),
        },
        { header: 'customers.columns.invoices', align: 'right', cell: (c, f) => f.n(c.invoiceCount) },
        { header: 'customers.columns.billed', align: 'right', cell: (c, f) => f.kr(c.billedTotalOre) },
      ],
    }),
  ],

  contracts: [
    cards([
      { label: 'contracts.total', value: (d, f) => f.n(d.totals.contracts) },
      { label: 'contracts.monthlyValue', value: (d, f) => f.kr(d.totals.monthlyValueOre), hint: 'contracts.monthlyValueHint' },
      compared('contracts.invoiced', 'kr', (d) => [d.totals.invoicedTotalOre, d.totals.previousInvoicedTotalOre]),
      compared('contracts.started', 'n', (d) => [d.totals.started, d.totals.previousStarted]),
    ]),
    chart('contracts.chart', [
      ['invoicedTotalOre', 'series.contractInvoiced', 'blue.6'],
      ['previousInvoicedTotalOre', 'series.contractInvoicedPrevious', 'gray.5'],
    ]),
    sideBySide(
      donut('contracts.byStatus', (d) => d.byStatus),
      table({
        title: 'contracts.byInterval',
        rows: (d) => d.byInterval,
        rowKey: (i) => i.months,
        columns: [
          { cell: (i, f) => f.t('contracts.interval', { count: i.months }) },
          { align: 'right', strong: true, cell: (i, f) => f.n(i.count) },
        ],
      }),
    ),
  ],

  // Revenue per article comes from invoice rows, which need every invoice read whole: until then
  // the cards say when, and the chart and the ranking are left out rather than built from part.
  products: [
    cards(
      [
        compared('products.revenue', 'kr', (d) => [d.totals.netOre, d.totals.previousNetOre]),
        {
          label: 'products.articles',
          value: (d, f) => (d.totals.articles === null ? null : f.n(d.totals.articles)),
          hint: (d, f) => (d.totals.articles === null ? f.completion(d.completion) : null),
        },
      ],
      { base: 1, xs: 2 },
    ),
    whenComplete(
      chart('products.chart', [
        ['netOre', 'series.revenue', 'blue.6'],
        ['previousNetOre', 'series.revenuePrevious', 'gray.5'],
      ]),
      table({
        title: 'products.top',
        testId: 'top-products',
        minWidth: 560,
        rows: (d) => d.articles,
        rowKey: (a) => a.articleNumber ?? '',
        columns: [
          {
            header: 'products.columns.article',
            cell: (a, f) =>
              a.articleNumber ? (
                <>
                  {a.description}{' '}
                  <Text span c="dimmed" fz="xs">
                    {a.articleNumber}
                  </Text>
                </>
              ) : (
                <Text span fs="italic">
                  {f.t('products.noArticle')}
                </Text>
              ),
          },
          {
            header: 'products.columns.quantity',
            align: 'right',
            cell: (a, f) =>
              new Intl.NumberFormat(f.lang === 'en' ? 'en-SE' : 'sv-SE', { maximumFractionDigits: 2 }).format(
                a.quantityHundredths / 100,
              ),
          },
          { header: 'products.columns.revenue', align: 'right', cell: (a, f) => f.kr(a.netOre) },
          { header: 'products.columns.previous', align: 'right', dimmed: true, cell: (a, f) => f.kr(a.previousNetOre) },
        ],
      }),
    ),
  ],
};

/** One statistics tab; `data` is undefined while its figures load. */
export function StatisticsTabView<K extends StatisticsTab>({ tab, data }: { tab: K; data: StatisticsByTab[K] | undefined }) {
  return <StatisticsBlocks blocks={STATISTICS_VIEWS[tab] as Block<StatisticsByTab[K]>[]} data={data} />;
}
