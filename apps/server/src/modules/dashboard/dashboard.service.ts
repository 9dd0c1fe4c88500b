import { DASHBOARD_UNPAID_ROWS, type DashboardStats, LAST_12_MONTHS } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../plugins/auth';
import { type AccountingCaller, targetOf } from '../accounting/access';
import { countJoined } from '../members/members.repository';
import * as repo from '../statistics/statistics.repository';
import { netCoverage, swedishToday, windowOf } from '../statistics/statistics.service';

/**
 * GET dashboard/stats: the home page's key figures (docs/accounting-data.md#dashboard) from the club account's mirror.
 * Revenue ex VAT covers the invoices whose net the mirror knows (see NetCoverage) and says how many.
 * "Billed" is every invoice dated in the period that is not cancelled, credit notes subtracting;
 * "unpaid" is booked, not cancelled and with something left to pay.
 */
export async function dashboardStats(
  app: FastifyInstance,
  caller: AccountingCaller & Pick<AuthContext, 'scopes'>,
): Promise<DashboardStats> {
  const target = targetOf(caller);
  const today = swedishToday();
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const previousYear = String(Number(year) - 1);
  const window = windowOf(LAST_12_MONTHS, today);
  const [months, payments, unpaid, unpaidRows, yearToDate, previousYearToDate, syncedAt, joined] = await Promise.all([
    repo.invoiceMonths(app.db, caller, target, window.current),
    repo.paymentMonths(app.db, caller, target, window.current),
    repo.unpaidSummary(app.db, caller, target, today),
    repo.unpaidInvoices(app.db, caller, target, DASHBOARD_UNPAID_ROWS),
    repo.invoiceMonths(app.db, caller, target, { from: `${year}-01-01`, to: today }),
    // The same part of last year, so the comparison is fair early in the year.
    repo.invoiceMonths(app.db, caller, target, { from: `${previousYear}-01-01`, to: `${previousYear}${today.slice(4)}` }),
    repo.lastRefreshedAt(app.db, target),
    // The member register (GIT's members once it is linked, and the portal's own); the figure is
    // left out for a caller who may not see members.
    caller.scopes.includes('members.read') ? countJoined(app.db, target, `${month}-01`, today) : null,
  ]);
  const thisMonth = months.find((m) => m.month === month);
  const sum = (rows: repo.InvoiceMonth[]) => rows.reduce((s, r) => s + r.netOre, 0);
  return {
    today,
    month,
    syncedAt: syncedAt?.toISOString() ?? null,
    billedThisMonth: {
      totalOre: thisMonth?.totalOre ?? 0,
      netOre: thisMonth?.netOre ?? 0,
      count: thisMonth?.count ?? 0,
    },
    unpaid,
    newMembersThisMonth: joined,
    revenueThisYear: {
      netOre: sum(yearToDate),
      previousYearToDateNetOre: sum(previousYearToDate),
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
