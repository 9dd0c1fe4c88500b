import { DASHBOARD_UNPAID_ROWS, type DashboardStats, LAST_12_MONTHS } from '@fairway/shared';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { type AccountingCaller, targetOf } from '../accounting/access';
import { mirrorCompleteness } from '../accounting/refresh/completeness';
import { lastRefreshedAt } from '../accounting/refresh/refresh.repository';
import { countJoined } from '../members/members.repository';
import * as repo from '../statistics/statistics.repository';
import { netCoverage, swedishToday, windowOf } from '../statistics/statistics.service';

/**
 * GET dashboard/stats: the home page's key figures (docs/accounting-data.md#dashboard) from the club account's mirror.
 * A sum ex VAT is given once every invoice it covers is read whole, and is null until then (the
 * answer's `completion` says when it should be there), never a sum of part of the invoices.
 * "Billed" is every invoice dated in the period that is not cancelled, credit notes subtracting;
 * "unpaid" is booked, not cancelled and with something left to pay.
 */
export async function dashboardStats(db: Db, caller: AccountingCaller & Pick<AuthContext, 'scopes'>): Promise<DashboardStats> {
  const target = targetOf(caller);
  const today = swedishToday();
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const previousYear = String(Number(year) - 1);
  const window = windowOf(LAST_12_MONTHS, today);
  const ytd = { from: `${year}-01-01`, to: today };
  // The same part of last year, so the comparison is fair early in the year.
  const previousYtd = { from: `${previousYear}-01-01`, to: `${previousYear}${today.slice(4)}` };
  const thisMonthRange = { from: `${month}-01`, to: today };
  const [months, payments, unpaid, unpaidRows, yearToDate, previousYearToDate, syncedAt, joined, completeness] =
    await Promise.all([
      repo.invoiceMonths(db, caller, target, window.current),
      repo.paymentMonths(db, caller, target, window.current),
      repo.unpaidSummary(db, caller, target, today),
      repo.unpaidInvoices(db, caller, target, DASHBOARD_UNPAID_ROWS),
      repo.invoiceMonths(db, caller, target, ytd),
      repo.invoiceMonths(db, caller, target, previousYtd),
      lastRefreshedAt(db, target),
      // The member register (GIT's members once it is linked, and the portal's own); the figure is
      // left out for a caller who may not see members.
      caller.scopes.includes('members.read') ? countJoined(db, target, `${month}-01`, today) : null,
      mirrorCompleteness(db, target, previousYtd.from),
    ]);
  const thisMonth = months.find((m) => m.month === month);
  const net = (rows: repo.InvoiceMonth[], range: repo.DateRange) =>
    completeness.covers(range) ? rows.reduce((s, r) => s + r.netOre, 0) : null;
  return {
    today,
    month,
    syncedAt: syncedAt?.toISOString() ?? null,
    completion: completeness.completion({ from: previousYtd.from, to: today }),
    billedThisMonth: {
      totalOre: thisMonth?.totalOre ?? 0,
      netOre: completeness.covers(thisMonthRange) ? (thisMonth?.netOre ?? 0) : null,
      count: thisMonth?.count ?? 0,
    },
    unpaid,
    newMembersThisMonth: joined,
    revenueThisYear: {
      netOre: net(yearToDate, ytd),
      previousYearToDateNetOre: net(previousYearToDate, previousYtd),
      netCoverage: netCoverage(yearToDate),
    },
    chart: window.months.map((m) => ({
      month: m,
      billedTotalOre: months.find((r) => r.month === m)?.totalOre ?? 0,
      paidOre: payments.find((r) => r.month === m)?.paidOre ?? 0,
    })),
    unpaidInvoices: unpaidRows.map((r) => ({ ...r, overdue: r.dueDate !== null && r.dueDate < today })),
  };
}
