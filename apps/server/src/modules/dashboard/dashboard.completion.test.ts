import type { DashboardStats, GeneralStatistics, ProductStatistics } from '@fairway/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectThroughConsent, useFortnoxSimulator } from '../../../test/fixtures/accounting';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { addDays } from '../../lib/stockholm-time';
import type { FxInvoice } from '../../providers/fortnox/fortnox-types';
import { kronorToOre } from '../../providers/fortnox/money';
import type { FortnoxSimulator, SimTenant } from '../../providers/fortnox/simulator/index';
import { queueMirrorRefresh } from '../accounting/refresh/queue';
import { runMirrorRefresh } from '../accounting/refresh/refresh.service';
import { accountingSyncRuns } from '../accounting/refresh/refresh.tables';
import { invoices } from '../invoices/invoices.tables';
import { swedishToday, windowOf } from '../statistics/statistics.service';

/**
 * The figures ex VAT need every invoice read whole (Fortnox's invoice list has no Net): they are
 * the sum over all of the program's invoices once the refresh has read them, and until then null
 * and marked incomplete with when they should be there, never a sum of the invoices read so far.
 */

/** Invoices in the program: enough that reading them whole takes the refresh a few seconds at Fortnox's limit. */
const INVOICES = 40;

let t: TestApp;
let app: App;
let sim: FortnoxSimulator;
let a: TestOrganisation;

const tenant = (): SimTenant => sim.store.tenant(sim.defaultTenantId);

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  sim = await useFortnoxSimulator(app, 'empty');
  a = await createOrganisation(app, { name: 'Alfa GK' });
  const company = tenant();
  const customer = sim.store.createCustomer(company, { Name: 'Anna Andersson', Type: 'PRIVATE' });
  sim.store.createArticle(company, { ArticleNumber: 'GF18', Description: 'Greenfee 18 hål' });
  sim.store.createArticle(company, { ArticleNumber: 'RANGE', Description: 'Rangepoletter' });
  const today = swedishToday();
  // Spread over this year and the last, at every VAT rate, a few cancelled.
  for (let i = 0; i < INVOICES; i++) {
    const invoice = sim.store.createInvoice(company, {
      CustomerNumber: customer.CustomerNumber,
      InvoiceDate: addDays(today, -Math.floor((i * 400) / INVOICES)),
      InvoiceRows: [
        {
          ArticleNumber: i % 2 ? 'GF18' : 'RANGE',
          Price: 300 + i * 17,
          VAT: [25, 12, 6, 0][i % 4],
          DeliveredQuantity: String(1 + (i % 3)),
        },
        { Description: 'Administrativ avgift', Price: 35, VAT: 25, DeliveredQuantity: '1' },
      ],
    });
    if (i % 9 === 4) sim.store.cancelInvoice(company, invoice.DocumentNumber);
    else sim.store.bookkeepInvoice(company, invoice.DocumentNumber);
  }
  await connectThroughConsent(app, a.owner);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...a.owner.headers, 'accept-language': 'sv' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

/** The program's invoices dated in the range that count (not cancelled, SEK). */
const programInvoices = (from: string, to: string) =>
  [...tenant().invoices.values()]
    .map((s) => s.doc as FxInvoice)
    .filter((i) => !i.Cancelled && i.Currency === 'SEK' && i.InvoiceDate >= from && i.InvoiceDate <= to);
const programNet = (from: string, to: string) => programInvoices(from, to).reduce((sum, i) => sum + kronorToOre(i.Net), 0);

describe('figures ex VAT are complete or marked incomplete', () => {
  it('while the refresh reads the invoices whole: null, with how many are left and when they will be read', async () => {
    const [initial] = await app.db
      .select({ id: accountingSyncRuns.id })
      .from(accountingSyncRuns)
      .where(and(eq(accountingSyncRuns.clubAccountId, a.clubAccountId), eq(accountingSyncRuns.status, 'queued')));
    expect(initial).toBeDefined();
    // Every invoice, as outside tests (tests read none whole unless they ask).
    const refresh = runMirrorRefresh(app, initial!.id, { invoiceReads: Number.POSITIVE_INFINITY });

    // The lists are read and the whole reads have begun (they wait for Fortnox's 25 requests per 5 s).
    const during = await vi.waitFor(
      async () => {
        const stats = await get<DashboardStats>('/dashboard/stats');
        expect(stats.completion.expectedAt).not.toBeNull();
        expect(stats.completion.pendingInvoices).toBeGreaterThan(0);
        return stats;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(during.completion).toMatchObject({ complete: false, refreshing: true });
    expect(Date.parse(during.completion.expectedAt!)).toBeGreaterThan(Date.now() - 1_000);
    // No partial sum: the figures that need the invoices read whole are not given yet.
    expect(during.revenueThisYear.netOre).toBeNull();
    expect(during.revenueThisYear.previousYearToDateNetOre).toBeNull();
    // Figures incl. VAT come from the lists, which are read through.
    expect(during.billedThisMonth.count).toBeGreaterThan(0);

    const general = await get<GeneralStatistics>('/statistics/general/last-12-months');
    expect(general.completion.complete).toBe(false);
    expect(general.totals.billedNetOre).toBeNull();
    const products = await get<ProductStatistics>('/statistics/products/last-12-months');
    expect(products.completion.complete).toBe(false);
    expect(products.totals.netOre).toBeNull();
    expect(products.articles).toEqual([]);

    expect(await refresh).toBe('succeeded');
  }, 120_000);

  it('after the refresh: the sum over every invoice of the program, the same on every visit', async () => {
    const today = swedishToday();
    const year = today.slice(0, 4);
    const lastYear = String(Number(year) - 1);
    const first = await get<DashboardStats>('/dashboard/stats');
    expect(first.revenueThisYear.netOre).toBe(programNet(`${year}-01-01`, today));
    expect(first.completion).toEqual({ complete: true, pendingInvoices: 0, refreshing: false, expectedAt: null });
    expect(first.revenueThisYear.previousYearToDateNetOre).toBe(programNet(`${lastYear}-01-01`, `${lastYear}${today.slice(4)}`));
    expect(first.billedThisMonth.netOre).toBe(programNet(`${today.slice(0, 7)}-01`, today));
    // Not a trivial zero: the program has invoices this year (one a day, every ten days).
    expect(first.revenueThisYear.netOre).toBeGreaterThan(0);

    // Same data, same figures: on the next visit, and after the next (incremental) refresh.
    expect(await get<DashboardStats>('/dashboard/stats')).toEqual(first);
    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    expect(await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'scheduled'))).toBe('succeeded');
    const again = await get<DashboardStats>('/dashboard/stats');
    expect(again.revenueThisYear).toEqual(first.revenueThisYear);
    expect(again.completion.complete).toBe(true);

    const window = windowOf('last-12-months', today);
    const general = await get<GeneralStatistics>('/statistics/general/last-12-months');
    expect(general.completion.complete).toBe(true);
    expect(general.totals.billedNetOre).toBe(programNet(window.current.from, window.current.to));
    const products = await get<ProductStatistics>('/statistics/products/last-12-months');
    expect(products.completion.complete).toBe(true);
    expect(products.totals.netOre).toBe(programNet(window.current.from, window.current.to));
    const perArticle = new Map<string, number>();
    for (const invoice of programInvoices(window.current.from, window.current.to)) {
      for (const row of invoice.InvoiceRows) {
        perArticle.set(row.ArticleNumber ?? '', (perArticle.get(row.ArticleNumber ?? '') ?? 0) + kronorToOre(row.Total));
      }
    }
    expect(new Map(products.articles.map((x) => [x.articleNumber ?? '', x.netOre]))).toEqual(perArticle);
    expect(products.articles.find((x) => x.articleNumber === 'GF18')?.description).toBe('Greenfee 18 hål');
  }, 60_000);

  it('invoices the mirror holds only as list summaries again: incomplete until a refresh reads them, which reads only those', async () => {
    const today = swedishToday();
    const year = today.slice(0, 4);
    const complete = await get<DashboardStats>('/dashboard/stats');
    // The six newest invoices, as a list answer leaves them (no rows, no net): e.g. paid since.
    const newest = await app.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), eq(invoices.cancelled, false)))
      .orderBy(desc(invoices.invoiceDate), desc(invoices.number))
      .limit(6);
    for (const { number } of newest) {
      await app.db
        .update(invoices)
        .set({ netOre: 0, vatOre: 0, data: sql`jsonb_set(${invoices.data}, '{rows}', '[]'::jsonb)` })
        .where(and(eq(invoices.clubAccountId, a.clubAccountId), eq(invoices.number, number)));
    }
    const stale = await get<DashboardStats>('/dashboard/stats');
    expect(stale.revenueThisYear.netOre).toBeNull();
    // No refresh under way: said so, with nothing to promise a time for.
    expect(stale.completion).toEqual({ complete: false, pendingInvoices: 6, refreshing: false, expectedAt: null });

    const target = { organisationId: a.organisationId, clubAccountId: a.clubAccountId };
    const wholeReads = () => sim.log.filter((r) => r.method === 'GET' && /^\/3\/invoices\/\d+$/.test(r.path)).length;
    // A run cut short after two of them: still incomplete, four left.
    expect(await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'manual'), { invoiceReads: 2 })).toBe('succeeded');
    expect((await get<DashboardStats>('/dashboard/stats')).completion.pendingInvoices).toBe(4);
    // The next reads only the four still missing, and the figure is what it was.
    const before = wholeReads();
    expect(
      await runMirrorRefresh(app, await queueMirrorRefresh(app, target, 'scheduled'), { invoiceReads: Number.POSITIVE_INFINITY }),
    ).toBe('succeeded');
    expect(wholeReads() - before).toBe(4);
    const after = await get<DashboardStats>('/dashboard/stats');
    expect(after.completion.complete).toBe(true);
    expect(after.revenueThisYear).toEqual(complete.revenueThisYear);
    expect(after.revenueThisYear.netOre).toBe(programNet(`${year}-01-01`, today));
  }, 60_000);
});
