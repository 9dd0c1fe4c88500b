import type { ArticleSegment, ArticleSegmentInfo, CustomerSegment, CustomerSegmentListItem } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { clubFile } from '../../../test/fixtures/club';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { segmentsOfArticles, segmentsOfCustomers } from './segments.repository';

const { app, a, b, aDrift, aOther, aAccountant, aDriftManager, aNoAccount } = await clubFile();
const { api } = apiAs(app);

type Who = { headers: Record<string, string> } | null;

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${++counter}`;

async function createCustomerSegment(who: Who, body: Record<string, unknown>): Promise<CustomerSegment> {
  const res = await api('POST', '/segments/customers', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as CustomerSegment;
}

async function createArticleSegment(who: Who, body: Record<string, unknown>): Promise<ArticleSegment> {
  const res = await api('POST', '/segments/articles', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ArticleSegment;
}

describe('customer segments', () => {
  it('creates, reads, lists, replaces and deletes a segment with its terms and customers', async () => {
    const created = await createCustomerSegment(a.owner, {
      name: '  Juniorer  ',
      description: 'Medlemmar under 21 år',
      notes: 'Faktureras i januari',
      recurringBilling: true,
      pricesIncludeVat: true,
      interestBilling: false,
      discountPercent: 12.5,
      adminFeeOre: 2500,
      freightOre: null,
      customerNumbers: ['10', '2', 'K-7', '2'],
    });
    expect(created).toMatchObject({
      name: 'Juniorer',
      description: 'Medlemmar under 21 år',
      notes: 'Faktureras i januari',
      recurringBilling: true,
      pricesIncludeVat: true,
      interestBilling: false,
      discountPercent: 12.5,
      adminFeeOre: 2500,
      freightOre: null,
      // The same number twice counts once; numeric numbers in numeric order.
      customerNumbers: ['2', '10', 'K-7'],
      customerCount: 3,
    });

    const read = await api('GET', `/segments/customers/${created.id}`, aOther);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);

    const list = await api('GET', '/segments/customers?search=juniorer', aOther);
    expect(list.statusCode).toBe(200);
    const item = (list.json().data as CustomerSegmentListItem[]).find((s) => s.id === created.id);
    expect(item).toMatchObject({ name: 'Juniorer', customerCount: 3, discountPercent: 12.5 });
    expect(item).not.toHaveProperty('customerNumbers');

    const put = await api('PUT', `/segments/customers/${created.id}`, a.owner, {
      name: 'Juniorer 2026',
      recurringBilling: false,
      discountPercent: null,
      adminFeeOre: 0,
      freightOre: 4900,
      customerNumbers: ['10', '11'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Juniorer 2026',
      description: '',
      notes: '',
      recurringBilling: false,
      pricesIncludeVat: false,
      discountPercent: null,
      adminFeeOre: 0,
      freightOre: 4900,
      customerNumbers: ['10', '11'],
      customerCount: 2,
    });

    const removed = await api('DELETE', `/segments/customers/${created.id}`, a.owner);
    expect(removed.json()).toEqual({ data: { id: created.id } });
    const gone = await api('GET', `/segments/customers/${created.id}`, a.owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ eng_message: 'The customer segment does not exist' });
    // The members went with it: the numbers are free for another segment.
    await createCustomerSegment(a.owner, { name: uniqueName('Efter'), customerNumbers: ['10', '11'] });
  });

  it('writes the event log entries in the language of the reader', async () => {
    const created = await createCustomerSegment(a.owner, { name: 'Loggat segment', customerNumbers: ['501'] });
    await api('DELETE', `/segments/customers/${created.id}`, a.owner);
    const rows = await app.db
      .select({ activity: eventLogs.activity, params: eventLogs.params, resource: eventLogs.resource })
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.resource, 'customers')));
    const activities = rows.filter((r) => (r.params as Record<string, unknown>).name === 'Loggat segment').map((r) => r.activity);
    expect(activities).toEqual(expect.arrayContaining(['segments.customerSegmentCreated', 'segments.customerSegmentDeleted']));
  });

  it('refuses bad input field by field, in the reader language, and writes nothing', async () => {
    const res = await api('POST', '/segments/customers', a.owner, {
      name: '   ',
      discountPercent: 100.5,
      adminFeeOre: -1,
      freightOre: 12.5,
      customerNumbers: ['12 34', ''],
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error as Record<string, string[]>;
    expect(error.name).toEqual(['This field is required']);
    expect(error.discountPercent?.[0]).toMatch(/100 or less/);
    expect(error.adminFeeOre?.[0]).toMatch(/0 or more/);
    expect(error.freightOre).toBeDefined();
    expect(Object.keys(error).some((k) => k.startsWith('customerNumbers'))).toBe(true);

    const decimals = await api('POST', '/segments/customers', a.owner, { name: 'Tre decimaler', discountPercent: 1.125 });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error).toHaveProperty('discountPercent');
    // Two decimals are fine even where floating point multiplies badly (0.29 * 100 = 28.999…).
    const twoDecimals = await createCustomerSegment(a.owner, { name: uniqueName('Två decimaler'), discountPercent: 0.29 });
    expect(twoDecimals.discountPercent).toBe(0.29);

    const unknown = await api('POST', '/segments/customers', a.owner, { name: 'Okänt fält', colour: 'red' });
    expect(unknown.statusCode).toBe(400);

    const sv = await api('POST', '/segments/customers', a.owner, { name: '' }, 'sv');
    expect(sv.json().error.name).toEqual(['Detta fält är obligatoriskt']);

    const list = await api('GET', '/segments/customers?search=Tre%20decimaler', a.owner);
    expect(list.json().pagination.total).toBe(0);
  });

  it('keeps names unique per club account regardless of case, with a localised message', async () => {
    const name = uniqueName('Seniorer');
    const first = await createCustomerSegment(a.owner, { name });
    const twin = await api('POST', '/segments/customers', a.owner, { name: name.toUpperCase() });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error).toEqual({ name: ['A segment with that name already exists'] });
    const sv = await api('POST', '/segments/customers', a.owner, { name }, 'sv');
    expect(sv.json().error).toEqual({ name: ['Det finns redan ett segment med det namnet'] });

    // Saving a segment under its own name is no conflict.
    const same = await api('PUT', `/segments/customers/${first.id}`, a.owner, { name, description: 'Ändrad' });
    expect(same.statusCode).toBe(200);
    const second = await createCustomerSegment(a.owner, { name: uniqueName('Andra') });
    const rename = await api('PUT', `/segments/customers/${second.id}`, a.owner, { name });
    expect(rename.statusCode).toBe(400);

    // Another club account, another organisation and the other kind each have their own names.
    await createCustomerSegment(aDriftManager, { name });
    await createCustomerSegment(b.owner, { name });
    await createArticleSegment(a.owner, { name });
  });

  it('puts a customer in at most one segment and names the segment that has it', async () => {
    const holder = await createCustomerSegment(a.owner, { name: 'Företag', customerNumbers: ['9001', '9002'] });
    const res = await api('POST', '/segments/customers', a.owner, {
      name: uniqueName('Dubblett'),
      customerNumbers: ['9000', '9002', '9001'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      customerNumbers: ['9001 already belongs to the segment Företag', '9002 already belongs to the segment Företag'],
    });
    const sv = await api(
      'POST',
      '/segments/customers',
      a.owner,
      { name: uniqueName('Dubblett'), customerNumbers: ['9001'] },
      'sv',
    );
    expect(sv.json().error).toEqual({ customerNumbers: ['9001 finns redan i segmentet Företag'] });
    // Nothing was written: 9000 is still free.
    expect((await segmentsOfCustomers(app.db, a, ['9000'])).size).toBe(0);

    // The same number may be an article number, and a customer of another club account.
    await createArticleSegment(a.owner, { name: uniqueName('Artiklar'), articleNumbers: ['9001'] });
    await createCustomerSegment(aDriftManager, { name: uniqueName('Drift'), customerNumbers: ['9001'] });
    // Moving a customer means taking it out of its segment first.
    const put = await api('PUT', `/segments/customers/${holder.id}`, a.owner, { name: 'Företag', customerNumbers: ['9002'] });
    expect(put.statusCode).toBe(200);
    await createCustomerSegment(a.owner, { name: uniqueName('Ny'), customerNumbers: ['9001'] });
  });

  it('searches by name, description and exact customer number, sorts and pages', async () => {
    const tag = `S${Date.now().toString(36)}`;
    const small = await createCustomerSegment(a.owner, { name: `${tag} Alfa`, customerNumbers: [`${tag}-1`] });
    const big = await createCustomerSegment(a.owner, {
      name: `${tag} Beta`,
      description: 'Greenfee-gäster',
      customerNumbers: [`${tag}-2`, `${tag}-3`, `${tag}-4`],
    });
    const ids = async (query: string) =>
      ((await api('GET', `/segments/customers?${query}`, a.owner)).json().data as CustomerSegmentListItem[]).map((s) => s.id);

    expect(await ids(`search=${tag}&sort=name&order=asc`)).toEqual([small.id, big.id]);
    expect(await ids(`search=${tag}&sort=name&order=desc`)).toEqual([big.id, small.id]);
    expect(await ids(`search=${tag}&sort=members&order=desc`)).toEqual([big.id, small.id]);
    expect(await ids('search=greenfee-g')).toEqual([big.id]);
    expect(await ids(`search=${tag.toLowerCase()}-3`)).toEqual([big.id]);
    // `%` is a literal character, not a wildcard.
    expect(await ids('search=%25')).toEqual([]);

    const page = await api('GET', `/segments/customers?search=${tag}&pageSize=1&page=2&sort=name`, a.owner);
    expect(page.json()).toMatchObject({ pagination: { page: 2, pageSize: 1, total: 2 }, data: [{ id: big.id }] });

    const bad = await api('GET', '/segments/customers?sort=colour', a.owner);
    expect(bad.statusCode).toBe(400);
  });
});

describe('article segments', () => {
  it('creates and changes a segment with VAT, sales account, cost centre and project defaults', async () => {
    const created = await createArticleSegment(a.owner, {
      name: 'Greenfee',
      description: 'Spelrätter',
      vatRate: 6,
      salesAccount: '3002',
      costCentre: 'BANA',
      project: 'P-2026',
      articleNumbers: ['GF18', 'GF9'],
    });
    expect(created).toMatchObject({
      vatRate: 6,
      salesAccount: '3002',
      costCentre: 'BANA',
      project: 'P-2026',
      articleNumbers: ['GF9', 'GF18'],
      articleCount: 2,
    });
    const info = await api('GET', `/segments/info/articles/${created.id}`, aOther);
    expect(info.statusCode).toBe(200);
    expect(info.json().data as ArticleSegmentInfo).toEqual({
      id: created.id,
      name: 'Greenfee',
      vatRate: 6,
      salesAccount: '3002',
      costCentre: 'BANA',
      project: 'P-2026',
      articleNumbers: ['GF9', 'GF18'],
      articleCount: 2,
    });

    const put = await api('PUT', `/segments/articles/${created.id}`, a.owner, { name: 'Greenfee', vatRate: null });
    expect(put.json().data).toMatchObject({ vatRate: null, salesAccount: '', costCentre: '', articleCount: 0 });

    const list = await api('GET', '/segments/articles?search=Greenfee', aOther);
    expect(list.json().data).toEqual([expect.objectContaining({ id: created.id, articleCount: 0 })]);
    expect((await api('DELETE', `/segments/articles/${created.id}`, a.owner)).statusCode).toBe(200);
    expect((await api('GET', `/segments/info/articles/${created.id}`, a.owner)).statusCode).toBe(404);
  });

  it('refuses a VAT rate other than 25, 12, 6 or 0 and malformed accounts and codes', async () => {
    const res = await api('POST', '/segments/articles', a.owner, {
      name: uniqueName('Fel'),
      vatRate: 20,
      salesAccount: '30',
      costCentre: 'a b',
      project: 'x'.repeat(21),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error).sort()).toEqual(['costCentre', 'project', 'salesAccount', 'vatRate']);
  });
});

describe('segments and the lead features', () => {
  it('answers each customer and article its segment, for this club account only', async () => {
    const juniors = await createCustomerSegment(a.owner, {
      name: uniqueName('Lookup'),
      discountPercent: 10,
      adminFeeOre: 3500,
      customerNumbers: ['L1', 'L2'],
    });
    const shop = await createArticleSegment(a.owner, { name: uniqueName('Shop'), vatRate: 25, articleNumbers: ['L1'] });
    const customers = await segmentsOfCustomers(app.db, a, ['L1', 'L2', 'L3', 'L1']);
    expect([...customers.keys()].sort()).toEqual(['L1', 'L2']);
    expect(customers.get('L1')).toEqual({
      id: juniors.id,
      name: juniors.name,
      recurringBilling: false,
      pricesIncludeVat: false,
      interestBilling: false,
      discountPercent: 10,
      adminFeeOre: 3500,
      freightOre: null,
    });
    const articles = await segmentsOfArticles(app.db, a, ['L1']);
    expect(articles.get('L1')).toMatchObject({ id: shop.id, vatRate: 25 });
    expect((await segmentsOfCustomers(app.db, { organisationId: a.organisationId, clubAccountId: aDrift }, ['L1'])).size).toBe(0);
    expect(
      (await segmentsOfCustomers(app.db, { organisationId: b.organisationId, clubAccountId: a.clubAccountId }, ['L1'])).size,
    ).toBe(0);
  });
});

describe('access', () => {
  it('answers 404 for another organisation, another club account or the other kind', async () => {
    const customer = await createCustomerSegment(a.owner, { name: uniqueName('Privat') });
    const article = await createArticleSegment(a.owner, { name: uniqueName('Privat') });
    for (const who of [b.owner, aDriftManager]) {
      expect((await api('GET', `/segments/customers/${customer.id}`, who)).statusCode).toBe(404);
      expect((await api('PUT', `/segments/customers/${customer.id}`, who, { name: 'Kapad' })).statusCode).toBe(404);
      expect((await api('DELETE', `/segments/customers/${customer.id}`, who)).statusCode).toBe(404);
      expect((await api('GET', `/segments/articles/${article.id}`, who)).statusCode).toBe(404);
      expect((await api('PUT', `/segments/articles/${article.id}`, who, { name: 'Kapad' })).statusCode).toBe(404);
      expect((await api('DELETE', `/segments/articles/${article.id}`, who)).statusCode).toBe(404);
      expect((await api('GET', `/segments/info/articles/${article.id}`, who)).statusCode).toBe(404);
      const list = (await api('GET', '/segments/customers?pageSize=100', who)).json().data as { id: string }[];
      expect(list.map((s) => s.id)).not.toContain(customer.id);
    }
    expect((await api('GET', `/segments/customers/${article.id}`, a.owner)).statusCode).toBe(404);
    expect((await api('GET', `/segments/info/articles/${customer.id}`, a.owner)).statusCode).toBe(404);
    expect((await api('DELETE', `/segments/articles/${customer.id}`, a.owner)).statusCode).toBe(404);
    // Untouched by all of the above.
    expect((await api('GET', `/segments/customers/${customer.id}`, a.owner)).json().data.name).toBe(customer.name);
    expect((await api('GET', '/segments/customers/not-a-uuid', a.owner)).statusCode).toBe(400);
  });

  it('lets readers read and writers write', async () => {
    expect((await api('GET', '/segments/customers', null)).statusCode).toBe(401);
    expect((await api('GET', '/segments/customers', aOther)).statusCode).toBe(200);
    expect((await api('GET', '/segments/articles', aOther)).statusCode).toBe(200);
    expect((await api('POST', '/segments/customers', aOther, { name: 'Nej' })).statusCode).toBe(403);
    expect((await api('POST', '/segments/articles', aOther, { name: 'Nej' })).statusCode).toBe(403);
    await createCustomerSegment(aAccountant, { name: uniqueName('Revisor') });
  });

  it('needs a club account in use', async () => {
    const res = await api('GET', '/segments/customers', aNoAccount);
    expect(res.statusCode).toBe(400);
    expect(res.json().eng_message).toContain('no club account');
  });
});
