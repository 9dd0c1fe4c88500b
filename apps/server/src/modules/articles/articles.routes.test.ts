import { randomUUID } from 'node:crypto';
import type { Article, ArticleOption, ArticleRow } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs, connectedFile, csvLines, firstSheet, runQueuedRefreshes } from '../../../test/fixtures/accounting';
import { accountingFor } from '../accounting/connection/accounting-for';
import { queueMirrorRefresh } from '../accounting/refresh/queue';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { articles } from './articles.tables';

const { app, sim, a, b, aStaff } = await connectedFile();
const { get, send } = apiAs(app);

const article = (overrides: object = {}) => ({
  description: 'Golfparaply med klubbmärke',
  type: 'STOCK',
  unit: 'st',
  ean: '7310865004703',
  manufacturer: 'Galvin Green',
  manufacturerArticleNumber: 'GG-UMB-01',
  supplierNumber: '12',
  stockItem: true,
  stockPlace: 'Shop',
  stockQuantityHundredths: 1200,
  orderPointHundredths: 300,
  salesAccountSe: '3001',
  purchaseAccount: '4010',
  vatPercent: 25,
  salesPriceOre: 39_920,
  purchasePriceOre: 18_000,
  widthMm: 90,
  heightMm: 1000,
  depthMm: 90,
  weightGrams: 650,
  ...overrides,
});

const simArticles = () => sim.store.count(sim.defaultTenantId, 'articles');

describe('articles', () => {
  it('lists the mirror with paging, sorting, search and filters', async () => {
    const all = await get('/articles?pageSize=10', a.owner);
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ page: 1, pageSize: 10, total: simArticles() });
    expect(all.json().data).toHaveLength(10);

    const byPrice = (await get('/articles?sort=price&order=desc&pageSize=100', a.owner)).json().data as ArticleRow[];
    const prices = byPrice.map((r) => r.salesPriceOre ?? -1);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    expect(byPrice[0]).toMatchObject({ number: '160', salesPriceOre: 800_000 });

    const balls = (await get('/articles?search=pro%20v1', a.owner)).json().data as ArticleRow[];
    expect(balls.map((r) => r.number)).toEqual(['140']);
    // Seeded stock articles were bought at 55 % of the price: a 45 % margin.
    expect(balls[0]?.marginBasisPoints).toBe(4500);

    const services = (await get('/articles?type=SERVICE&pageSize=100', a.owner)).json().data as ArticleRow[];
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((r) => r.type === 'SERVICE')).toBe(true);
    const byStock = (await get('/articles?type=STOCK&sort=stock', a.owner)).json().data as ArticleRow[];
    expect(byStock.map((r) => r.number).sort()).toEqual(['140', '141', '142', '143']);
    const stock = byStock.map((r) => r.stockQuantityHundredths ?? 0);
    expect(stock).toEqual([...stock].sort((x, y) => x - y));

    expect((await get('/articles?sort=colour', a.owner)).statusCode).toBe(400);
    expect((await get('/articles?type=GOODS', a.owner)).statusCode).toBe(400);
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const before = simArticles();
    const res = await send(
      'POST',
      '/articles',
      a.owner,
      article({ description: '', ean: '7310865004704', vatPercent: 20, salesAccountSe: '30x1', salesPriceOre: -100 }),
      'en',
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().error as Record<string, string[]>;
    expect(errors.description).toEqual(['This field is required']);
    expect(errors.ean?.[0]).toContain('check digit');
    expect(errors.vatPercent?.[0]).toBe('The VAT rate must be 25, 12, 6 or 0 %');
    expect(errors.salesAccountSe?.[0]).toContain('exactly contain 4 digits');
    expect(errors.salesPriceOre).toEqual(['Please enter positive number!']);
    const sv = await send('POST', '/articles', a.owner, article({ number: 'Å 1' }));
    expect(sv.json().error.number?.[0]).toContain('Artikelnumret får bara innehålla');
    expect(simArticles()).toBe(before);
  });

  let created: Article;
  it('creates in Fortnox first, then in the mirror, and logs it; a lost answer makes no second article', async () => {
    const before = simArticles();
    sim.faults.rateLimit(2, { retryAfterSeconds: 1 });
    sim.faults.crashAfterCreate(1, { path: /articles/ });
    const res = await send('POST', '/articles', a.owner, article());
    expect(res.statusCode).toBe(201);
    created = res.json().data;
    expect(created).toMatchObject({
      description: 'Golfparaply med klubbmärke',
      ean: '7310865004703',
      salesPriceOre: 39_920,
      purchasePriceOre: 18_000,
      marginBasisPoints: 5491,
      stockQuantityHundredths: 1200,
      weightGrams: 650,
      stale: false,
    });
    expect(simArticles()).toBe(before + 1);
    const [row] = await app.db.select().from(articles).where(eq(articles.id, created.id));
    expect(row?.createdBy).toBe(a.owner.userId);
    expect(row?.externalRef).toMatch(/^fw-/);
    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'articles.event.created'));
    expect(events).toHaveLength(1);

    // A refresh reads Fortnox's list, whose items leave the stock flag out: it stays as the create stored it.
    await queueMirrorRefresh(app, a, 'after_write');
    await runQueuedRefreshes(app, a);
    const stocked = (await get('/articles?stockItem=yes&pageSize=100', a.owner)).json().data as ArticleRow[];
    expect(stocked.map((r) => r.id)).toContain(created.id);
    // The world was read whole (test/fixtures/accounting.ts connectedWorld): the demo's stock articles too.
    const stockInProgram = [...sim.store.tenant(sim.defaultTenantId).articles.values()]
      .filter((x) => x.doc.StockGoods)
      .map((x) => x.doc.ArticleNumber);
    expect(stocked.map((r) => r.number).sort()).toEqual(stockInProgram.sort());
    expect(
      ((await get('/articles?stockItem=no&pageSize=100', a.owner)).json().data as ArticleRow[]).map((r) => r.id),
    ).not.toContain(created.id);

    const numbered = await send(
      'POST',
      '/articles',
      a.owner,
      article({ number: 'PARAPLY-2', description: 'Paraply 2', ean: '' }),
    );
    expect(numbered.statusCode).toBe(201);
    expect(numbered.json().data).toMatchObject({ number: 'PARAPLY-2', ean: null });
  });

  it('the same form sent twice (a double click, a retry) creates one article', async () => {
    const before = simArticles();
    const body = article({ description: 'Bollhämtare', ean: null, requestId: randomUUID() });
    const first = await send('POST', '/articles', a.owner, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('POST', '/articles', a.owner, body);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(simArticles()).toBe(before + 1);
  });

  it('reads one article from Fortnox, so changes made there show at once', async () => {
    const provider = await accountingFor(app, a, a.clubAccountId);
    await provider.articles.update(created.number, { stockQuantityHundredths: 4200 });
    const res = await get(`/articles/${created.id}`, a.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ number: created.number, stockQuantityHundredths: 4200, stale: false });
    const [row] = await app.db.select().from(articles).where(eq(articles.id, created.id));
    expect(row?.stockQuantityHundredths).toBe(4200);
    expect(row?.externalRef).toMatch(/^fw-/);
  });

  it("updates in Fortnox and the mirror, clearing fields; the program's refusal is shown and changes nothing", async () => {
    const res = await send(
      'PUT',
      `/articles/${created.id}`,
      a.owner,
      article({ description: 'Golfparaply XL', ean: null, purchasePriceOre: null, vatPercent: 12, salesAccountSe: '3002' }),
    );
    expect(res.statusCode).toBe(200);
    // Fortnox keeps no "unknown" purchase price: a cleared one is 0, and the margin unknown.
    expect(res.json().data).toMatchObject({
      description: 'Golfparaply XL',
      ean: null,
      purchasePriceOre: 0,
      marginBasisPoints: null,
      vatPercent: 12,
    });
    const provider = await accountingFor(app, a, a.clubAccountId);
    expect(await provider.articles.get(created.number)).toMatchObject({
      description: 'Golfparaply XL',
      ean: null,
      vatPercent: 12,
    });
    const listed = (await get('/articles?search=XL', a.owner)).json().data as ArticleRow[];
    expect(listed[0]).toMatchObject({ id: created.id, vatPercent: 12, purchasePriceOre: 0, marginBasisPoints: null });

    const taken = await send('POST', '/articles', a.owner, article({ number: created.number, description: 'Något annat' }), 'en');
    expect([400, 409]).toContain(taken.statusCode);
    expect(taken.json().eng_message).toMatch(/article number is already in use/i);

    const before = simArticles();
    const badAccount = await send('PUT', `/articles/${created.id}`, a.owner, article({ purchaseAccount: '4999' }), 'en');
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.json().eng_message).toMatch(/account/i);
    const [row] = await app.db.select().from(articles).where(eq(articles.id, created.id));
    expect(row?.description).toBe('Golfparaply XL');
    expect(row?.data.purchaseAccount).toBe('4010');
    expect(simArticles()).toBe(before);
  });

  it('staff may read but not write; another organisation and an unknown id get 404', async () => {
    expect((await get('/articles', aStaff)).statusCode).toBe(200);
    expect((await get(`/articles/${created.id}`, aStaff)).statusCode).toBe(200);
    expect((await send('POST', '/articles', aStaff, article())).statusCode).toBe(403);
    expect((await send('PUT', `/articles/${created.id}`, aStaff, article())).statusCode).toBe(403);
    expect((await get(`/articles/${created.id}`, b.owner)).statusCode).toBe(404);
    expect((await send('PUT', `/articles/${created.id}`, b.owner, article())).statusCode).toBe(404);
    expect((await get('/articles/00000000-0000-4000-8000-000000000000', a.owner)).statusCode).toBe(404);
    expect((await get('/articles', b.owner)).json().pagination.total).toBe(0);
    expect((await get('/articles/search?q=Golf', b.owner)).json().data).toEqual([]);
  });

  it('an organisation without a connection is told to connect', async () => {
    const res = await send('POST', '/articles', b.owner, article(), 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().eng_message).toContain('not connected to an accounting program');
  });

  it('looks up active articles for invoice rows by number, description or EAN', async () => {
    const byNumber = (await get('/articles/search?q=11', a.owner)).json().data as ArticleOption[];
    expect(byNumber.map((o) => o.number)).toEqual(['110', '111', '112', '113']);
    expect(byNumber[0]).toEqual({
      id: expect.any(String),
      number: '110',
      description: 'Greenfee 18 hål',
      unit: 'rnd',
      salesPriceOre: 56_604,
      vatPercent: 6,
    });
    const byText = (await get('/articles/search?q=lunch', a.owner)).json().data as ArticleOption[];
    expect(byText.map((o) => o.number)).toEqual(['151']);

    await send('PUT', `/articles/${created.id}`, a.owner, article({ ean: '73513537', description: 'Golfparaply XL' }));
    expect(((await get('/articles/search?q=73513537', a.owner)).json().data as ArticleOption[]).map((o) => o.id)).toEqual([
      created.id,
    ]);
    await send(
      'PUT',
      `/articles/${created.id}`,
      a.owner,
      article({ ean: '73513537', description: 'Golfparaply XL', active: false }),
    );
    expect((await get('/articles/search?q=73513537', a.owner)).json().data).toEqual([]);
    expect((await get('/articles?status=inactive', a.owner)).json().data.map((r: ArticleRow) => r.id)).toEqual([created.id]);
  });

  it('exports the filtered list as CSV and Excel', async () => {
    const csv = await get('/articles/export?format=csv&type=STOCK', a.owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLines(csv);
    expect(lines[0]).toContain('Artikelnummer;Benämning;Typ');
    const balls = lines.find((l) => l.startsWith('140;'));
    expect(balls).toContain('Golfbollar Pro V1, 12-pack');
    expect(balls).toContain(';519,20;');
    expect(lines.every((l, i) => i === 0 || l.includes(';Lagervara;'))).toBe(true);

    const xlsx = await get('/articles/export?format=xlsx', a.owner, 'en');
    expect(xlsx.headers['content-disposition']).toMatch(/articles-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await firstSheet(xlsx);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Article number');
    expect(sheet?.rowCount).toBe(simArticles() + 1);
  });

  it('answers the stored copy, marked stale, when Fortnox cannot be reached', async () => {
    sim.faults.revokeConsent(sim.defaultTenantId);
    const res = await get(`/articles/${created.id}`, a.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, description: 'Golfparaply XL', stale: true });
    const update = await send('PUT', `/articles/${created.id}`, a.owner, article({ description: 'Inte sparad' }));
    expect(update.statusCode).toBe(409);
    const [row] = await app.db.select().from(articles).where(eq(articles.id, created.id));
    expect(row?.description).toBe('Golfparaply XL');
  });
});
