import {
  ALL_SCOPES,
  type ContractStatistics,
  type CustomerStatistics,
  type DashboardStats,
  type GeneralStatistics,
  type InvoiceStatistics,
  type ProductStatistics,
} from '@fairway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughConsent, useFortnoxSimulator } from '../../../test/fixtures/accounting';
import { addMember, createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import type { FxContract, FxInvoice, FxInvoicePayment } from '../../providers/fortnox/fortnox-types';
import { kronorToOre } from '../../providers/fortnox/money';
import type { FortnoxSimulator } from '../../providers/fortnox/simulator/index';
import { runMirrorRefresh } from '../accounting/refresh/refresh.service';
import { accountingSyncRuns } from '../accounting/refresh/refresh.tables';
import { mirrorInvoices } from '../invoices/invoices.mirror';
import { invoices } from '../invoices/invoices.tables';
import { roles } from '../permissions/permissions.tables';
import { addMonths, swedishToday, windowOf } from './statistics.service';

/**
 * Invoices the first refresh reads in full: a few, as each read costs a rate-limit slot, so the
 * figures that need every invoice read are incomplete here (dashboard.completion.test.ts reads all).
 */
const ROW_READS = 30;

let t: TestApp;
let app: App;
let sim: FortnoxSimulator;
let a: TestOrganisation;
let b: TestOrganisation;

async function refresh(org: TestOrganisation, invoiceReads = 0) {
  const runs = await app.db
    .select()
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.clubAccountId, org.clubAccountId), eq(accountingSyncRuns.status, 'queued')));
  // Fortnox's customer and contract list items carry no active flag or contract date
  // (providers/fortnox/CONTRACT.md rule L1): the counts need them read whole.
  for (const run of runs) await runMirrorRefresh(app, run.id, { invoiceReads, fullReads: Number.POSITIVE_INFINITY });
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  sim = await useFortnoxSimulator(app);
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  await connectThroughConsent(app, a.owner);
  await refresh(a, ROW_READS);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string, who: { headers: Record<string, string> }) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...who.headers, 'accept-language': 'en' } });

// ---- what the simulator holds, summed here independently of the server's SQL ----------------

const tenant = () => sim.store.tenant(sim.defaultTenantId);
const simInvoices = () => [...tenant().invoices.values()].map((s) => s.doc as FxInvoice);
const simPayments = () => [...tenant().invoicepayments.values()].map((s) => s.doc as FxInvoicePayment);
const simContracts = () => [...tenant().contracts.values()];
const billed = (i: FxInvoice) => !i.Cancelled && i.Currency === 'SEK';
const inRange = (date: string, from: string, to: string) => date >= from && date <= to;
const sumOf = <T>(items: T[], pick: (item: T) => number) => items.reduce((s, i) => s + pick(i), 0);
const isCredit = (i: FxInvoice) => i.Credit === 'true';
/** The invoices a refresh reads in full first: the newest without rows, not cancelled, with a total. */
const newestReads = (n: number) =>
  new Set(
    simInvoices()
      .filter((i) => !i.Cancelled && kronorToOre(i.Total) !== 0)
      .sort((x, y) => y.InvoiceDate.localeCompare(x.InvoiceDate) || Number(y.DocumentNumber) - Number(x.DocumentNumber))
      .slice(0, n)
      .map((i) => i.DocumentNumber),
  );
/** Net is known only for invoices read in full (the list has no Net). */
const knownNet = (items: FxInvoice[], n = ROW_READS) => {
  const read = newestReads(n);
  return sumOf(items, (i) => (read.has(i.DocumentNumber) ? kronorToOre(i.Net) : 0));
};
/** Invoices of the range that count and that the first refresh did not read in full. */
const unread = (from: string, to: string) =>
  simInvoices().filter(
    (i) =>
      !i.Cancelled &&
      kronorToOre(i.Total) !== 0 &&
      inRange(i.InvoiceDate, from, to) &&
      !newestReads(ROW_READS).has(i.DocumentNumber),
  );
/** A sum ex VAT is given only when every invoice of its range is read in full; null otherwise. */
const netOrNull = (items: FxInvoice[], from: string, to: string) => (unread(from, to).length === 0 ? knownNet(items) : null);

describe('dashboard stats', () => {
  it('answers the key figures, the 12-month chart and the unpaid table from the mirror', async () => {
    const res = await get('/dashboard/stats', a.owner);
    expect(res.statusCode).toBe(200);
    const stats = res.json().data as DashboardStats;
    const today = swedishToday();
    expect(stats.today).toBe(today);
    const month = today.slice(0, 7);

    const thisMonth = simInvoices().filter((i) => billed(i) && i.InvoiceDate.startsWith(month));
    expect(stats.billedThisMonth).toEqual({
      totalOre: sumOf(thisMonth, (i) => kronorToOre(i.Total)),
      netOre: netOrNull(thisMonth, `${month}-01`, today),
      count: thisMonth.length,
    });

    const open = simInvoices().filter((i) => !i.Cancelled && i.Booked && kronorToOre(i.Balance) > 0);
    const overdue = open.filter((i) => i.DueDate < today);
    expect(open.length).toBeGreaterThan(0);
    expect(stats.unpaid).toEqual({
      count: open.length,
      balanceOre: sumOf(open, (i) => kronorToOre(i.Balance)),
      overdueCount: overdue.length,
      overdueBalanceOre: sumOf(overdue, (i) => kronorToOre(i.Balance)),
    });
    // No member of this club account joined this month (dashboard.routes.test.ts counts some).
    expect(stats.newMembersThisMonth).toBe(0);

    const year = today.slice(0, 4);
    const ytd = simInvoices().filter((i) => billed(i) && inRange(i.InvoiceDate, `${year}-01-01`, today));
    // Not all of this year's invoices are read in full yet: no sum of part of them.
    expect(unread(`${year}-01-01`, today).length).toBeGreaterThan(0);
    expect(stats.revenueThisYear.netOre).toBeNull();
    expect(stats.revenueThisYear.netCoverage).toEqual({
      invoices: ytd.length,
      withNet: ytd.filter((i) => newestReads(ROW_READS).has(i.DocumentNumber)).length,
    });
    const lastYear = String(Number(year) - 1);
    const previous = simInvoices().filter(
      (i) => billed(i) && inRange(i.InvoiceDate, `${lastYear}-01-01`, `${lastYear}${today.slice(4)}`),
    );
    expect(stats.revenueThisYear.previousYearToDateNetOre).toBe(
      netOrNull(previous, `${lastYear}-01-01`, `${lastYear}${today.slice(4)}`),
    );
    // Incomplete, with how many invoices are missing; no refresh is under way to read them.
    expect(stats.completion).toEqual({
      complete: false,
      pendingInvoices: unread(`${lastYear}-01-01`, today).length,
      refreshing: false,
      expectedAt: null,
    });

    expect(stats.chart.map((p) => p.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11)));
    for (const point of stats.chart) {
      const total = sumOf(
        simInvoices().filter((i) => billed(i) && i.InvoiceDate.startsWith(point.month)),
        (i) => kronorToOre(i.Total),
      );
      const paid = sumOf(
        simPayments().filter((p) => p.PaymentDate.startsWith(point.month)),
        (p) => kronorToOre(p.Amount),
      );
      expect(point).toEqual({ month: point.month, billedTotalOre: total, paidOre: paid });
    }
    // Credit notes subtract: the demo company has some, and they are negative.
    expect(simInvoices().some((i) => isCredit(i) && kronorToOre(i.Total) < 0)).toBe(true);

    expect(stats.unpaidInvoices).toHaveLength(Math.min(10, open.length));
    const dueFirst = [...open].sort((x, y) => x.DueDate.localeCompare(y.DueDate) || x.InvoiceDate.localeCompare(y.InvoiceDate));
    expect(stats.unpaidInvoices[0]?.dueDate).toBe(dueFirst[0]?.DueDate);
    const first = stats.unpaidInvoices[0]!;
    const doc = tenant().invoices.get(first.number)!.doc as FxInvoice;
    expect(first).toMatchObject({
      customerName: doc.CustomerName,
      totalOre: kronorToOre(doc.Total),
      balanceOre: kronorToOre(doc.Balance),
      invoiceDate: doc.InvoiceDate,
      overdue: doc.DueDate < today,
    });
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, first.id));
    expect(row?.number).toBe(first.number);
    expect(stats.syncedAt).not.toBeNull();
  });

  it('is empty, not an error, for an organisation without a connection', async () => {
    const res = await get('/dashboard/stats', b.owner);
    expect(res.statusCode).toBe(200);
    const stats = res.json().data as DashboardStats;
    expect(stats.billedThisMonth.count).toBe(0);
    expect(stats.unpaid.count).toBe(0);
    expect(stats.unpaidInvoices).toEqual([]);
    expect(stats.syncedAt).toBeNull();
  });
});

describe('statistics', () => {
  it('general: billed and paid per month against the year before, open balances, active counts', async () => {
    const res = await get('/statistics/general/last-12-months', a.owner);
    expect(res.statusCode).toBe(200);
    const stats = res.json().data as GeneralStatistics;
    const window = windowOf('last-12-months', swedishToday());
    expect(stats).toMatchObject({ from: window.current.from, to: window.current.to, previousFrom: window.previous.from });
    const current = simInvoices().filter((i) => billed(i) && inRange(i.InvoiceDate, window.current.from, window.current.to));
    const before = simInvoices().filter((i) => billed(i) && inRange(i.InvoiceDate, window.previous.from, window.previous.to));
    expect(stats.totals.billedNetOre).toBeNull();
    expect(stats.completion).toMatchObject({
      complete: false,
      pendingInvoices: unread(window.current.from, window.current.to).length,
    });
    expect(stats.totals.netCoverage.withNet).toBe(current.filter((i) => newestReads(ROW_READS).has(i.DocumentNumber)).length);
    expect(stats.totals.billedTotalOre).toBe(sumOf(current, (i) => kronorToOre(i.Total)));
    expect(stats.totals.previousBilledTotalOre).toBe(sumOf(before, (i) => kronorToOre(i.Total)));
    expect(stats.totals.previousBilledTotalOre).toBeGreaterThan(0);
    expect(stats.totals.invoiceCount).toBe(current.filter((i) => !isCredit(i)).length);
    expect(stats.totals.creditNoteCount).toBe(current.filter(isCredit).length);
    const paid = simPayments().filter((p) => inRange(p.PaymentDate, window.current.from, window.current.to));
    expect(stats.totals.paidOre).toBe(sumOf(paid, (p) => kronorToOre(p.Amount)));
    expect(stats.months).toHaveLength(12);
    expect(sumOf(stats.months, (m) => m.billedTotalOre)).toBe(stats.totals.billedTotalOre);
    expect(sumOf(stats.months, (m) => m.previousBilledTotalOre)).toBe(stats.totals.previousBilledTotalOre);
    const activeCustomers = [...tenant().customers.values()].filter((c) => c.doc.Active).length;
    expect(stats.totals.activeCustomers).toBe(activeCustomers);
    const today = swedishToday();
    const active = simContracts().filter((c) => !c.finished && c.doc.Active && c.doc.PeriodStart <= today);
    expect(stats.totals.activeContracts).toBe(active.length);
  });

  it('a calendar year: January to December, compared with the year before', async () => {
    const year = String(Number(swedishToday().slice(0, 4)) - 1);
    const stats = (await get(`/statistics/general/${year}`, a.owner)).json().data as GeneralStatistics;
    expect(stats.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`),
    );
    const inYear = simInvoices().filter((i) => billed(i) && i.InvoiceDate.startsWith(year));
    expect(stats.totals.billedTotalOre).toBe(sumOf(inYear, (i) => kronorToOre(i.Total)));
    expect((await get('/statistics/general/1999', a.owner)).statusCode).toBe(400);
    expect((await get('/statistics/general/this-week', a.owner)).statusCode).toBe(400);
    expect((await get('/statistics/colours/last-12-months', a.owner)).statusCode).toBe(404);
  });

  it('invoices: by status, credit notes, cancelled, per month', async () => {
    const stats = (await get('/statistics/invoices/last-12-months', a.owner)).json().data as InvoiceStatistics;
    const window = windowOf('last-12-months', swedishToday());
    const today = swedishToday();
    const dated = simInvoices().filter(
      (i) => i.Currency === 'SEK' && inRange(i.InvoiceDate, window.current.from, window.current.to),
    );
    const status = (i: FxInvoice) =>
      i.Cancelled
        ? 'cancelled'
        : isCredit(i)
          ? 'credit'
          : !i.Booked
            ? 'unbooked'
            : kronorToOre(i.Balance) <= 0
              ? 'paid'
              : i.DueDate < today
                ? 'overdue'
                : 'unpaid';
    for (const entry of stats.byStatus) {
      const matching = dated.filter((i) => status(i) === entry.status);
      expect(entry, entry.status).toEqual({
        status: entry.status,
        count: matching.length,
        totalOre: sumOf(matching, (i) => kronorToOre(i.Total)),
      });
    }
    expect(stats.totals.cancelledCount).toBeGreaterThan(0);
    const credits = dated.filter((i) => !i.Cancelled && isCredit(i));
    expect(stats.totals.creditedTotalOre).toBe(sumOf(credits, (i) => kronorToOre(i.Total)));
    expect(sumOf(stats.months, (m) => m.count)).toBe(stats.totals.count);
    expect(stats.totals.billedVatOre).toBeNull();
    expect(stats.totals.billedNetOre).toBeNull();
    expect(stats.totals.averageDaysToPay).toBeGreaterThan(0);
  });

  it('customers: kinds, billed customers and the customers billed most', async () => {
    const stats = (await get('/statistics/customers/last-12-months', a.owner)).json().data as CustomerStatistics;
    const all = [...tenant().customers.values()].map((c) => c.doc);
    expect(stats.totals).toMatchObject({
      customers: all.length,
      companies: all.filter((c) => c.Type === 'COMPANY').length,
      private: all.filter((c) => c.Type === 'PRIVATE').length,
    });
    const window = windowOf('last-12-months', swedishToday());
    const current = simInvoices().filter((i) => billed(i) && inRange(i.InvoiceDate, window.current.from, window.current.to));
    expect(stats.totals.billedCustomers).toBe(new Set(current.map((i) => i.CustomerNumber)).size);
    const perCustomer = new Map<string, number>();
    for (const i of current) perCustomer.set(i.CustomerNumber, (perCustomer.get(i.CustomerNumber) ?? 0) + kronorToOre(i.Total));
    const best = [...perCustomer].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]!;
    expect(stats.top[0]).toMatchObject({ customerNumber: best[0], billedTotalOre: best[1] });
    expect(stats.top[0]?.customerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stats.top).toHaveLength(10);
  });

  it('contracts: by status and interval, starts per month, invoiced from contracts', async () => {
    const stats = (await get('/statistics/contracts/last-12-months', a.owner)).json().data as ContractStatistics;
    const today = swedishToday();
    const contracts = simContracts();
    const statusOf = (c: (typeof contracts)[number]) =>
      c.finished ? 'finished' : !c.doc.Active ? 'inactive' : c.doc.PeriodStart > today ? 'upcoming' : 'active';
    for (const entry of stats.byStatus) {
      expect(entry.count, entry.status).toBe(contracts.filter((c) => statusOf(c) === entry.status).length);
    }
    expect(stats.totals.contracts).toBe(contracts.length);
    const active = contracts.filter((c) => statusOf(c) === 'active').map((c) => c.doc as FxContract);
    expect(stats.totals.monthlyValueOre).toBe(sumOf(active, (c) => Math.round(kronorToOre(c.Total) / c.InvoiceInterval)));
    const window = windowOf('last-12-months', today);
    const fromContracts = simInvoices().filter(
      (i) =>
        billed(i) &&
        i.ContractReference &&
        i.ContractReference !== '0' &&
        inRange(i.InvoiceDate, window.current.from, window.current.to),
    );
    expect(fromContracts.length).toBeGreaterThan(0);
    expect(stats.totals.invoicedTotalOre).toBe(sumOf(fromContracts, (i) => kronorToOre(i.Total)));
    const started = contracts.filter((c) => inRange(c.doc.PeriodStart, window.current.from, window.current.to));
    expect(stats.totals.started).toBe(started.length);
  });

  it('products: how many invoices are read in full, and no figures from part of them', async () => {
    const stats = (await get('/statistics/products/last-12-months', a.owner)).json().data as ProductStatistics;
    const window = windowOf('last-12-months', swedishToday());
    // The refresh read the newest invoices without rows, up to its bound.
    const readInFull = newestReads(ROW_READS);
    const current = simInvoices().filter((i) => billed(i) && inRange(i.InvoiceDate, window.current.from, window.current.to));
    expect(stats.coverage).toEqual({
      invoices: current.length,
      invoicesWithRows: current.filter((i) => readInFull.has(i.DocumentNumber)).length,
    });
    expect(stats.coverage.invoicesWithRows).toBeGreaterThan(0);
    expect(stats.coverage.invoicesWithRows).toBeLessThan(stats.coverage.invoices);
    // Rows of part of the invoices would rank the articles wrongly (per-article sums over every
    // invoice: dashboard.completion.test.ts).
    expect(stats.completion.complete).toBe(false);
    expect(stats.totals).toEqual({ netOre: null, previousNetOre: null, articles: null });
    expect(stats.articles).toEqual([]);
    expect(stats.months).toEqual([]);
  });

  it('reads more rows on the next refresh and keeps them through list refreshes', async () => {
    const [queued] = await app.db
      .insert(accountingSyncRuns)
      .values({ organisationId: a.organisationId, clubAccountId: a.clubAccountId, trigger: 'manual', status: 'queued' })
      .returning();
    await runMirrorRefresh(app, queued!.id, { invoiceReads: 10 });
    const after = (await get('/statistics/products/last-12-months', a.owner)).json().data as ProductStatistics;
    const window = windowOf('last-12-months', swedishToday());
    const current = simInvoices().filter((i) => billed(i) && inRange(i.InvoiceDate, window.current.from, window.current.to));
    const readInFull = newestReads(ROW_READS + 10);
    expect(after.coverage.invoicesWithRows).toBe(current.filter((i) => readInFull.has(i.DocumentNumber)).length);
  }, 60_000);

  it('a list summary (no rows, no net) does not wipe what a full read stored', async () => {
    const [full] = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), sql`jsonb_array_length(${invoices.data}->'rows') > 0`))
      .limit(1);
    expect(full?.netOre).not.toBe(0);
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    await mirrorInvoices(app.db, target, [{ ...full!.data, rows: [], payments: [], netOre: 0, vatOre: 0 }]);
    const [after] = await app.db.select().from(invoices).where(eq(invoices.id, full!.id));
    expect(after).toMatchObject({ netOre: full!.netOre, vatOre: full!.vatOre });
    expect(after?.data.rows).toEqual(full!.data.rows);
  });

  it('applies the team rule, the scope and the tenant', async () => {
    const [teamRole] = await app.db
      .insert(roles)
      .values({ organisationId: a.organisationId, name: 'Kansli', scopes: [...ALL_SCOPES], onlyTeamDocuments: true })
      .returning();
    const team = await addMember(app, a, 'Staff', { roleId: teamRole?.id });
    const teamStats = (await get('/dashboard/stats', team)).json().data as DashboardStats;
    expect(teamStats.unpaid.count).toBe(0);
    expect(teamStats.chart.every((p) => p.billedTotalOre === 0 && p.paidOre === 0)).toBe(true);
    const teamGeneral = (await get('/statistics/general/last-12-months', team)).json().data as GeneralStatistics;
    expect(teamGeneral.totals.billedTotalOre).toBe(0);
    // Customers and contracts follow their own rules, which are off for this role.
    expect(teamGeneral.totals.activeCustomers).toBeGreaterThan(0);

    const [blind] = await app.db
      .insert(roles)
      .values({
        organisationId: a.organisationId,
        name: 'Utan statistik',
        scopes: ALL_SCOPES.filter((s) => s !== 'statistics.read' && s !== 'invoices.read'),
      })
      .returning();
    const outsider = await addMember(app, a, 'Staff', { roleId: blind?.id });
    expect((await get('/statistics/general/last-12-months', outsider)).statusCode).toBe(403);
    expect((await get('/dashboard/stats', outsider)).statusCode).toBe(403);

    // Another organisation sees its own (empty) mirror, never this one's figures.
    const other = (await get('/statistics/products/last-12-months', b.owner)).json().data as ProductStatistics;
    expect(other.coverage).toEqual({ invoices: 0, invoicesWithRows: 0 });
    expect(other.articles).toEqual([]);
  });
});
