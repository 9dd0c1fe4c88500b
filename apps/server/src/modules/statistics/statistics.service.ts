import {
  CONTRACT_STATISTICS_STATUSES,
  type ContractStatistics,
  type CustomerStatistics,
  type GeneralStatistics,
  INVOICE_STATUSES,
  type InvoiceStatistics,
  LAST_12_MONTHS,
  type ProductStatistics,
  type StatisticsPeriod,
  TOP_CUSTOMERS,
  TOP_PRODUCTS,
} from '@fairway/shared';
import type { Db } from '../../db/client';
import { type AccountingCaller, targetOf } from '../accounting/access';
import { type MirrorCompleteness, mirrorCompleteness } from '../accounting/refresh/completeness';
import { lastRefreshedAt } from '../accounting/refresh/refresh.repository';
import { articleDescriptions } from '../articles/articles.repository';
import * as repo from './statistics.repository';

const STOCKHOLM_DATE = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as a Swede's calendar says (a month turns at midnight in Sweden, not in UTC). */
export function swedishToday(now: Date = new Date()): string {
  return STOCKHOLM_DATE.format(now);
}

/** `YYYY-MM` moved by whole months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

export interface StatisticsWindow {
  period: StatisticsPeriod;
  today: string;
  months: string[];
  current: repo.DateRange;
  previous: repo.DateRange;
  /** Both ranges, for one query whose rows are split by month. */
  both: repo.DateRange;
}

/**
 * The 12 months a period covers and the same months a year earlier: the last 12 months end with
 * this month (up to today), a year runs January to December.
 */
export function windowOf(period: StatisticsPeriod, today: string): StatisticsWindow {
  const thisMonth = today.slice(0, 7);
  const first = period === LAST_12_MONTHS ? addMonths(thisMonth, -11) : `${period}-01`;
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
  const last = months[11] as string;
  const current = { from: `${first}-01`, to: lastDayOf(last) };
  const previous = { from: `${addMonths(first, -12)}-01`, to: lastDayOf(addMonths(last, -12)) };
  return { period, today, months, current, previous, both: { from: previous.from, to: current.to } };
}

type Keyed<T> = Map<string, T>;
const byMonth = <T extends { month: string }>(rows: T[]): Keyed<T> => new Map(rows.map((r) => [r.month, r]));
const total = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** How many of the invoices behind a sum ex VAT have a known net (see NetCoverage). */
export function netCoverage(rows: repo.InvoiceMonth[]) {
  return { invoices: total(rows.map((r) => r.count)), withNet: total(rows.map((r) => r.withNet)) };
}

/**
 * What every tab starts from: the window, when the mirror was refreshed, and how complete it is.
 * `wholeReads` is the range whose invoices the tab's figures need read whole (null: none do), which
 * the answer's `completion` is about.
 */
async function context(
  db: Db,
  caller: AccountingCaller,
  period: StatisticsPeriod,
  wholeReads: (window: StatisticsWindow) => repo.DateRange | null,
) {
  const target = targetOf(caller);
  const window = windowOf(period, swedishToday());
  const [syncedAt, completeness] = await Promise.all([
    lastRefreshedAt(db, target),
    mirrorCompleteness(db, target, window.both.from),
  ]);
  const header = {
    period,
    from: window.current.from,
    to: window.current.to,
    previousFrom: window.previous.from,
    previousTo: window.previous.to,
    syncedAt: syncedAt?.toISOString() ?? null,
    completion: completeness.completion(wholeReads(window)),
  };
  return { target, window, header, completeness };
}

/** A sum over invoices read whole, or null while some of the range's invoices are not (see modules/accounting/refresh/completeness.ts). */
const whenCovered = (completeness: MirrorCompleteness, range: repo.DateRange, value: number): number | null =>
  completeness.covers(range) ? value : null;

/** For each month of the window, a value of that month and of the same month a year earlier. */
function series<T extends { month: string }>(window: StatisticsWindow, rows: T[], pick: (row: T | undefined) => number) {
  const map = byMonth(rows);
  return window.months.map((month) => ({
    month,
    current: pick(map.get(month)),
    previous: pick(map.get(addMonths(month, -12))),
  }));
}

export async function generalStatistics(db: Db, caller: AccountingCaller, period: StatisticsPeriod): Promise<GeneralStatistics> {
  const { target, window, header, completeness } = await context(db, caller, period, (w) => w.current);
  const [invoiceRows, paymentRows, unpaid, customerCounts, contractRows] = await Promise.all([
    repo.invoiceMonths(db, caller, target, window.both),
    repo.paymentMonths(db, caller, target, window.both),
    repo.unpaidSummary(db, caller, target, window.today),
    repo.customerCounts(db, caller, target),
    repo.contractStatuses(db, caller, target, window.today),
  ]);
  const billed = series(window, invoiceRows, (r) => r?.totalOre ?? 0);
  const paid = series(window, paymentRows, (r) => r?.paidOre ?? 0);
  const current = window.months.map((m) => invoiceRows.find((r) => r.month === m)).filter((r) => r !== undefined);
  return {
    ...header,
    totals: {
      billedTotalOre: total(billed.map((b) => b.current)),
      previousBilledTotalOre: total(billed.map((b) => b.previous)),
      billedNetOre: whenCovered(completeness, window.current, total(current.map((r) => r.netOre))),
      netCoverage: netCoverage(current),
      paidOre: total(paid.map((p) => p.current)),
      previousPaidOre: total(paid.map((p) => p.previous)),
      invoiceCount: total(current.map((r) => r.count - r.creditNotes)),
      creditNoteCount: total(current.map((r) => r.creditNotes)),
      unpaidBalanceOre: unpaid.balanceOre,
      overdueBalanceOre: unpaid.overdueBalanceOre,
      activeCustomers: customerCounts.active,
      activeContracts: contractRows.find((r) => r.status === 'active')?.count ?? 0,
    },
    months: window.months.map((month, i) => ({
      month,
      billedTotalOre: billed[i]?.current ?? 0,
      previousBilledTotalOre: billed[i]?.previous ?? 0,
      paidOre: paid[i]?.current ?? 0,
      previousPaidOre: paid[i]?.previous ?? 0,
    })),
  };
}

export async function invoiceStatistics(db: Db, caller: AccountingCaller, period: StatisticsPeriod): Promise<InvoiceStatistics> {
  const { target, window, header, completeness } = await context(db, caller, period, (w) => w.current);
  const [invoiceRows, paymentRows, statuses, days] = await Promise.all([
    repo.invoiceMonths(db, caller, target, window.both),
    repo.paymentMonths(db, caller, target, window.current),
    repo.invoiceStatuses(db, caller, target, window.current, window.today),
    repo.averageDaysToPay(db, caller, target, window.current),
  ]);
  const invoicesOnly = series(window, invoiceRows, (r) => (r ? r.count - r.creditNotes : 0));
  const billed = series(window, invoiceRows, (r) => r?.totalOre ?? 0);
  const rows = byMonth(invoiceRows);
  const paid = byMonth(paymentRows);
  const current = window.months.map((m) => rows.get(m)).filter((r) => r !== undefined);
  const status = new Map(statuses.map((s) => [s.status, s]));
  return {
    ...header,
    totals: {
      count: total(invoicesOnly.map((s) => s.current)),
      previousCount: total(invoicesOnly.map((s) => s.previous)),
      creditNoteCount: total(current.map((r) => r.creditNotes)),
      cancelledCount: status.get('cancelled')?.count ?? 0,
      billedNetOre: whenCovered(completeness, window.current, total(current.map((r) => r.netOre))),
      billedVatOre: whenCovered(completeness, window.current, total(current.map((r) => r.vatOre))),
      netCoverage: netCoverage(current),
      billedTotalOre: total(billed.map((s) => s.current)),
      previousBilledTotalOre: total(billed.map((s) => s.previous)),
      creditedTotalOre: total(current.map((r) => r.creditedTotalOre)),
      paidOre: total(paymentRows.map((p) => p.paidOre)),
      averageDaysToPay: days,
    },
    byStatus: INVOICE_STATUSES.map((s) => ({
      status: s,
      count: status.get(s)?.count ?? 0,
      totalOre: status.get(s)?.totalOre ?? 0,
    })),
    months: window.months.map((month, i) => ({
      month,
      count: invoicesOnly[i]?.current ?? 0,
      previousCount: invoicesOnly[i]?.previous ?? 0,
      billedTotalOre: billed[i]?.current ?? 0,
      previousBilledTotalOre: billed[i]?.previous ?? 0,
      creditedTotalOre: rows.get(month)?.creditedTotalOre ?? 0,
      paidOre: paid.get(month)?.paidOre ?? 0,
    })),
  };
}

export async function customerStatistics(
  db: Db,
  caller: AccountingCaller,
  period: StatisticsPeriod,
): Promise<CustomerStatistics> {
  const { target, window, header } = await context(db, caller, period, () => null);
  const [counts, invoiceRows, billedNow, billedBefore, top] = await Promise.all([
    repo.customerCounts(db, caller, target),
    repo.invoiceMonths(db, caller, target, window.both),
    repo.billedCustomerCount(db, caller, target, window.current),
    repo.billedCustomerCount(db, caller, target, window.previous),
    repo.topCustomers(db, caller, target, window.current, TOP_CUSTOMERS),
  ]);
  const billed = series(window, invoiceRows, (r) => r?.customers ?? 0);
  return {
    ...header,
    totals: { ...counts, billedCustomers: billedNow, previousBilledCustomers: billedBefore },
    months: billed.map((b) => ({ month: b.month, billedCustomers: b.current, previousBilledCustomers: b.previous })),
    top,
  };
}

export async function contractStatistics(
  db: Db,
  caller: AccountingCaller,
  period: StatisticsPeriod,
): Promise<ContractStatistics> {
  const { target, window, header } = await context(db, caller, period, () => null);
  const [statuses, intervals, starts, invoiceRows] = await Promise.all([
    repo.contractStatuses(db, caller, target, window.today),
    repo.contractIntervals(db, caller, target, window.today),
    repo.contractStartMonths(db, caller, target, window.both),
    repo.invoiceMonths(db, caller, target, window.both),
  ]);
  const started = series(window, starts, (r) => r?.started ?? 0);
  const invoiced = series(window, invoiceRows, (r) => r?.contractTotalOre ?? 0);
  const status = new Map(statuses.map((s) => [s.status, s]));
  return {
    ...header,
    totals: {
      contracts: total(statuses.map((s) => s.count)),
      monthlyValueOre: status.get('active')?.monthlyValueOre ?? 0,
      invoicedTotalOre: total(invoiced.map((s) => s.current)),
      previousInvoicedTotalOre: total(invoiced.map((s) => s.previous)),
      started: total(started.map((s) => s.current)),
      previousStarted: total(started.map((s) => s.previous)),
    },
    byStatus: CONTRACT_STATISTICS_STATUSES.map((s) => ({ status: s, count: status.get(s)?.count ?? 0 })),
    byInterval: intervals,
    months: window.months.map((month, i) => ({
      month,
      started: started[i]?.current ?? 0,
      previousStarted: started[i]?.previous ?? 0,
      invoicedTotalOre: invoiced[i]?.current ?? 0,
      previousInvoicedTotalOre: invoiced[i]?.previous ?? 0,
    })),
  };
}

export async function productStatistics(db: Db, caller: AccountingCaller, period: StatisticsPeriod): Promise<ProductStatistics> {
  const { target, window, header, completeness } = await context(db, caller, period, (w) => w.both);
  if (!completeness.covers(window.both)) {
    // Rows of part of the invoices would rank articles and sum revenue wrongly: nothing until all are read.
    return {
      ...header,
      coverage: await repo.rowCoverage(db, caller, target, window.current),
      totals: { netOre: null, previousNetOre: null, articles: null },
      months: [],
      articles: [],
    };
  }
  const [rows, coverage] = await Promise.all([
    repo.productMonths(db, caller, target, window.both),
    repo.rowCoverage(db, caller, target, window.current),
  ]);
  const inCurrent = new Set(window.months);
  const monthly = new Map<string, number>();
  const perArticle = new Map<
    string,
    {
      articleNumber: string | null;
      description: string;
      quantityHundredths: number;
      netOre: number;
      previousNetOre: number;
      invoiceCount: number;
    }
  >();
  for (const row of rows) {
    monthly.set(row.month, (monthly.get(row.month) ?? 0) + row.netOre);
    const key = row.articleNumber ?? '';
    const entry = perArticle.get(key) ?? {
      articleNumber: row.articleNumber,
      description: row.description,
      quantityHundredths: 0,
      netOre: 0,
      previousNetOre: 0,
      invoiceCount: 0,
    };
    if (inCurrent.has(row.month)) {
      entry.netOre += row.netOre;
      entry.quantityHundredths += row.quantityHundredths;
      // A sum of distinct counts per month: an invoice is dated in one month, so this is exact.
      entry.invoiceCount += row.invoices;
    } else {
      entry.previousNetOre += row.netOre;
    }
    perArticle.set(key, entry);
  }
  const sold = [...perArticle.values()].filter((a) => a.invoiceCount > 0);
  const top = sold
    .sort((x, y) => y.netOre - x.netOre || (x.articleNumber ?? '').localeCompare(y.articleNumber ?? ''))
    .slice(0, TOP_PRODUCTS);
  const names = await articleDescriptions(
    db,
    target,
    top.flatMap((a) => (a.articleNumber ? [a.articleNumber] : [])),
  );
  // Rows without an article are many different texts; they are shown as one entry, named by the web.
  const articles = top.map((a) => ({
    ...a,
    description: a.articleNumber ? (names.get(a.articleNumber) ?? a.description).slice(0, 1024) : '',
  }));
  const points = series(
    window,
    [...monthly].map(([month, netOre]) => ({ month, netOre })),
    (r) => r?.netOre ?? 0,
  );
  return {
    ...header,
    coverage,
    totals: {
      netOre: total(points.map((p) => p.current)),
      previousNetOre: total(points.map((p) => p.previous)),
      articles: sold.filter((a) => a.articleNumber !== null).length,
    },
    months: points.map((p) => ({ month: p.month, netOre: p.current, previousNetOre: p.previous })),
    articles,
  };
}
