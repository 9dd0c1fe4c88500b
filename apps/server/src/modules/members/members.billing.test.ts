import type { MemberBilling, MemberDetail, MemberInvoices, MemberListRow } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { invoices } from '../invoices/invoices.tables';
import { roles } from '../permissions/permissions.tables';

/**
 * A member's invoice balance is the sum of the open invoices of their customer in the accounting
 * mirror, and the billing tab lists exactly those invoices: the figure and the list agree.
 */
let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let membersOnly: TestMember;
let hans: MemberDetail;
let kerstin: MemberDetail;
let noCustomer: MemberDetail;

type Who = { headers: Record<string, string> };
const api = (url: string, who: Who = a.owner, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': 'sv' },
    ...(payload === undefined ? {} : { payload }),
  });
async function ok<T>(url: string, who: Who = a.owner, method: 'GET' | 'POST' = 'GET', payload?: object): Promise<T> {
  const res = await api(url, who, method, payload);
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json().data as T;
}

let number = 9000;
/** An invoice in the club account's accounting mirror, as a refresh writes it. */
async function invoice(
  org: TestOrganisation,
  customerNumber: string,
  fields: { total: number; balance: number; due: string; cancelled?: boolean; isCredit?: boolean },
) {
  await app.db.insert(invoices).values({
    organisationId: org.organisationId,
    clubAccountId: org.clubAccountId,
    number: String(++number),
    customerNumber,
    customerName: 'Hans Berggren',
    invoiceDate: '2026-01-02',
    dueDate: fields.due,
    netOre: fields.total,
    vatOre: 0,
    totalOre: fields.total,
    balanceOre: fields.balance,
    currency: 'SEK',
    invoiceType: 'INVOICE',
    booked: true,
    cancelled: fields.cancelled ?? false,
    sent: true,
    isCredit: fields.isCredit ?? false,
    credited: false,
    data: {} as never,
  });
  return String(number);
}

const open: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  const [role] = await app.db
    .insert(roles)
    .values({ organisationId: a.organisationId, name: 'Medlemsregister', scopes: ['members.read'] })
    .returning();
  membersOnly = await addMember(app, a, 'Staff', { roleId: role?.id });

  hans = await ok<MemberDetail>('/members', a.owner, 'POST', { firstname: 'Hans', lastname: 'Berggren', customerNumber: '2001' });
  kerstin = await ok<MemberDetail>('/members', a.owner, 'POST', {
    firstname: 'Kerstin',
    lastname: 'Berggren',
    customerNumber: '2002',
  });
  noCustomer = await ok<MemberDetail>('/members', a.owner, 'POST', { firstname: 'Utan', lastname: 'Kundnummer' });

  // Hans owes 7 200 kr over five open invoices (one overdue, one partly paid, a credit note).
  open.push(await invoice(a, '2001', { total: 240_000, balance: 240_000, due: '2025-02-28' }));
  open.push(await invoice(a, '2001', { total: 300_000, balance: 150_000, due: '2026-03-31' }));
  open.push(await invoice(a, '2001', { total: 200_000, balance: 200_000, due: '2026-04-30' }));
  open.push(await invoice(a, '2001', { total: 180_000, balance: 180_000, due: '2026-05-31' }));
  open.push(await invoice(a, '2001', { total: -50_000, balance: -50_000, due: '2026-06-30', isCredit: true }));
  // Not behind the balance: paid, cancelled, another customer, another organisation's mirror.
  await invoice(a, '2001', { total: 100_000, balance: 0, due: '2026-01-31' });
  await invoice(a, '2001', { total: 90_000, balance: 90_000, due: '2026-01-31', cancelled: true });
  await invoice(a, '2002', { total: 33_300, balance: 33_300, due: '2026-02-28' });
  await invoice(b, '2001', { total: 999_900, balance: 999_900, due: '2026-02-28' });
});

afterAll(async () => {
  await t?.close();
});

describe("a member's invoices", () => {
  it('lists the open invoices of the member’s customer, paged, and they add up to the balance shown', async () => {
    const billing = await ok<MemberBilling>(`/member_billing/${hans.id}`);
    expect(billing.invoiceBalanceOre).toBe(720_000);
    expect((await ok<MemberDetail>(`/members/${hans.id}`)).invoiceBalanceOre).toBe(720_000);

    const rows: MemberInvoices['data'] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await api(`/member_billing/${hans.id}/invoices?pageSize=2&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as MemberInvoices;
      expect(body.pagination).toEqual({ page, pageSize: 2, total: 5 });
      expect(body.balanceOre).toBe(720_000);
      expect(body.customerNumber).toBe('2001');
      rows.push(...body.data);
    }
    expect(rows.map((r) => r.number).sort()).toEqual([...open].sort());
    expect(rows.reduce((sum, r) => sum + r.balanceOre, 0)).toBe(billing.invoiceBalanceOre);
    // Oldest due date first; the first is overdue.
    expect(rows.map((r) => r.dueDate)).toEqual(['2025-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    expect(rows[0]).toMatchObject({ overdue: true, totalOre: 240_000, balanceOre: 240_000, invoiceDate: '2026-01-02' });
    expect(rows[4]).toMatchObject({ isCredit: true, overdue: false });

    // Past the last page: no rows, the same balance and count.
    const past = (await api(`/member_billing/${hans.id}/invoices?pageSize=2&page=4`)).json() as MemberInvoices;
    expect(past).toMatchObject({ data: [], balanceOre: 720_000, pagination: { total: 5 } });
  });

  it('shows the same balance on the member list, which filters and sorts by it', async () => {
    const list = (await api('/members?pageSize=100&sort=balance&order=desc')).json().data as MemberListRow[];
    expect(list.map((m) => [m.firstname, m.invoiceBalanceOre])).toEqual([
      ['Hans', 720_000],
      ['Kerstin', 33_300],
      ['Utan', 0],
    ]);
    const owing = (await api('/members?hasBalance=true')).json().data as MemberListRow[];
    expect(owing.map((m) => m.firstname).sort()).toEqual(['Hans', 'Kerstin']);
  });

  it('follows the mirror: a payment read from the accounting program lowers the balance and the list alike', async () => {
    const { eq, and } = await import('drizzle-orm');
    await app.db
      .update(invoices)
      .set({ balanceOre: 0 })
      .where(and(eq(invoices.clubAccountId, a.clubAccountId), eq(invoices.number, open[0] as string)));
    const body = (await api(`/member_billing/${hans.id}/invoices`)).json() as MemberInvoices;
    expect(body.balanceOre).toBe(480_000);
    expect(body.data.map((r) => r.number)).not.toContain(open[0]);
    expect((await ok<MemberBilling>(`/member_billing/${hans.id}`)).invoiceBalanceOre).toBe(480_000);
  });

  it('is empty for a member without a customer number', async () => {
    const body = (await api(`/member_billing/${noCustomer.id}/invoices`)).json() as MemberInvoices;
    expect(body).toMatchObject({ data: [], balanceOre: 0, customerNumber: null, pagination: { total: 0 } });
    expect((await api(`/member_billing/${kerstin.id}/invoices`)).json()).toMatchObject({ balanceOre: 33_300 });
  });

  it('needs invoices.read beside members.read, and answers 404 for another organisation’s member', async () => {
    expect((await api(`/member_billing/${hans.id}`, membersOnly)).statusCode).toBe(200);
    expect((await api(`/member_billing/${hans.id}/invoices`, membersOnly)).statusCode).toBe(403);
    expect((await api(`/member_billing/${hans.id}/invoices`, b.owner)).statusCode).toBe(404);
    const bad = await api(`/member_billing/${hans.id}/invoices?pageSize=500`);
    expect(bad.statusCode).toBe(400);
  });
});
