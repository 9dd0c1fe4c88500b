import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AccountingError } from '../accounting/errors';
import { type AccountingProvider, voucherName } from '../accounting/provider';
import { createRateLimiter, FORTNOX_RATE_LIMIT, type RateLimiter } from '../accounting/rate-limiter';
import { createFortnoxProvider } from './provider';
import { type FortnoxSimulator, startFortnoxSimulator } from './simulator/index';

/**
 * Dubbelkoll's side of the Fortnox client against the simulator: suppliers, supplier invoices,
 * orders and vouchers, read (paged, incremental, whole) and handled (cancel, credit, reverse),
 * and each refusal Fortnox gives (CONTRACT.md rules A4–A6).
 */

const TENANT = '3456789';
/** The strictness checks call the simulator directly: an empty company of their own keeps them out of TENANT's rate window. */
const RAW_TENANT = '3456790';
/** A company whose vouchers of two years share their numbers (CONTRACT.md rule Y2). */
const YEARS_TENANT = '3456791';
let t: TestApp;
let sim: FortnoxSimulator;
let limiter: RateLimiter;
let fortnox: AccountingProvider;
let twoYears: AccountingProvider;

beforeAll(async () => {
  t = await createTestApp();
  limiter = createRateLimiter(t.app.db, FORTNOX_RATE_LIMIT);
  sim = await startFortnoxSimulator({
    tenants: [
      { tenantId: TENANT, companyName: 'Fairway Demo GK', organisationNumber: '802004-1234' },
      { tenantId: RAW_TENANT, companyName: 'Tom GK', organisationNumber: '802111-2222', seed: 'empty' },
      { tenantId: YEARS_TENANT, companyName: 'Årsskifte GK', organisationNumber: '802111-3333', seed: 'empty' },
    ],
  });
  const providerOf = (tenantId: string) => {
    const issued = sim.issueTokens(tenantId);
    return createFortnoxProvider({
      apiBaseUrl: sim.apiBaseUrl,
      auth: { get: async () => issued.access_token, refreshAfterRejection: async () => issued.access_token },
      limiter,
      rateKey: `fortnox:${tenantId}`,
      timeoutMs: 10_000,
      backoffBaseMs: 50,
    });
  };
  fortnox = providerOf(TENANT);
  twoYears = providerOf(YEARS_TENANT);
});

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

async function refusal(promise: Promise<unknown>): Promise<AccountingError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
}

const tenant = () => sim.store.tenant(TENANT);

describe('suppliers', () => {
  it('pages through the suppliers, reads one whole, and lists only what changed since a moment', async () => {
    const suppliers = fortnox.suppliers;
    if (!suppliers) throw new Error('Fortnox reads suppliers');
    const first = await suppliers.list({ page: 1, pageSize: 10 });
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 14 });
    const second = await suppliers.list({ page: 2, pageSize: 10 });
    expect(new Set([...first.items, ...second.items].map((s) => s.number)).size).toBe(14);
    const rent = first.items.find((s) => s.name === 'Fastighets AB Greenen');
    expect(rent).toMatchObject({ bankgiro: '5050-1055', organisationNumber: '556701-2345', active: true });
    expect(await suppliers.get('14')).toMatchObject({ bankAccount: 'SE45 5000 0000 0583 9825 7466', currency: 'SEK' });

    const since = new Date(sim.store.clock().getTime() + 60_000);
    expect((await suppliers.list({ modifiedSince: since.toISOString() })).total).toBe(0);
    expect(await refusal(suppliers.get('999'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('supplier invoices', () => {
  it('lists summaries without rows, reads one whole with its cost rows', async () => {
    const invoices = fortnox.supplierInvoices;
    if (!invoices) throw new Error('Fortnox reads supplier invoices');
    expect(invoices.summaryOmits).toContain('rows');
    const page = await invoices.list({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThan(100);
    expect(page.items.every((i) => i.rows.length === 0 && i.ocr === null)).toBe(true);
    const rent = page.items.find((i) => i.supplierNumber === '1');
    if (!rent) throw new Error('the demo has rent invoices');
    const whole = await invoices.get(rent.number);
    expect(whole).toMatchObject({ supplierName: 'Fastighets AB Greenen', totalOre: 42_500_00, vatOre: 8_500_00 });
    expect(whole.ocr).toMatch(/^\d+$/);
    // Only the cost rows: the supplier debt and VAT rows are the booking's other side.
    expect(whole.rows).toEqual([{ account: '5010', articleNumber: null, description: expect.any(String), amountOre: 34_000_00 }]);
  });

  it('cancels an unbooked one, refuses to cancel a booked one, credits a booked one once', async () => {
    const invoices = fortnox.supplierInvoices;
    if (!invoices?.cancel || !invoices.credit) throw new Error('Fortnox cancels and credits supplier invoices');
    const docs = [...tenant().supplierinvoices.values()].map((s) => s.doc);
    const unbooked = docs.find((d) => !d.Booked && !d.Cancelled);
    const booked = docs.find((d) => d.Booked && !d.Credit && !d.CreditReference && !d.Cancelled);
    if (!unbooked || !booked) throw new Error('the demo has both');

    const cancelled = await invoices.cancel(unbooked.GivenNumber);
    expect(cancelled).toMatchObject({ number: unbooked.GivenNumber, cancelled: true });
    expect(await refusal(invoices.cancel(unbooked.GivenNumber))).toMatchObject({
      kind: 'conflict',
      messageKey: 'accounting.fortnox.supplierInvoiceCancelled',
    });
    expect(await refusal(invoices.credit(unbooked.GivenNumber))).toMatchObject({ kind: 'conflict' });

    expect(await refusal(invoices.cancel(booked.GivenNumber))).toMatchObject({
      kind: 'conflict',
      messageKey: 'accounting.fortnox.supplierInvoiceBooked',
    });
    const credit = await invoices.credit(booked.GivenNumber);
    expect(credit).toMatchObject({ credit: true, booked: true, supplierNumber: booked.SupplierNumber });
    expect(credit.totalOre).toBe(-Math.round(booked.Total * 100));
    expect(await refusal(invoices.credit(booked.GivenNumber))).toMatchObject({
      messageKey: 'accounting.fortnox.supplierInvoiceAlreadyCredited',
    });
  });

  it('after a lost answer to a cancel, reads the invoice and takes the cancel that happened', async () => {
    const invoices = fortnox.supplierInvoices;
    if (!invoices?.cancel) throw new Error('Fortnox cancels supplier invoices');
    const unbooked = [...tenant().supplierinvoices.values()].map((s) => s.doc).find((d) => !d.Booked && !d.Cancelled);
    if (!unbooked) throw new Error('the demo has unbooked invoices');
    sim.faults.dropAnswer(1, { method: 'PUT', path: '/cancel' });
    expect(await invoices.cancel(unbooked.GivenNumber)).toMatchObject({ cancelled: true });
  });
});

describe('orders', () => {
  it('lists summaries and reads an order whole: rows, references, VAT, invoiced', async () => {
    const orders = fortnox.orders;
    const page = await orders.list({ pageSize: 100 });
    expect(page.total).toBe(39);
    expect(page.items.every((o) => o.rows.length === 0 && o.yourOrderNumber === null)).toBe(true);
    const invoicedNumber = [...tenant().orders.values()].find((s) => s.doc.InvoiceReference !== '0')?.doc.DocumentNumber;
    if (!invoicedNumber || !orders.get) throw new Error('an invoiced order and a whole read');
    const whole = await orders.get(invoicedNumber);
    expect(whole.invoiced).toBe(true);
    expect(whole.yourOrderNumber).toMatch(/^WEB-|^web /);
    expect(whole.rows.length).toBeGreaterThan(0);
    expect(whole.vatOre).toBe(Math.round(whole.rows.reduce((s, r) => s + (r.priceOre * r.quantityHundredths) / 100, 0) * 0.25));
  });

  it('cancels an order not invoiced, and refuses an invoiced or cancelled one', async () => {
    const orders = fortnox.orders;
    if (!orders.cancel) throw new Error('Fortnox cancels orders');
    const docs = [...tenant().orders.values()].map((s) => s.doc);
    const open = docs.find((d) => !d.Cancelled && d.InvoiceReference === '0');
    const invoiced = docs.find((d) => !d.Cancelled && d.InvoiceReference !== '0');
    if (!open || !invoiced) throw new Error('the demo has both');
    expect(await orders.cancel(open.DocumentNumber)).toMatchObject({ cancelled: true });
    expect(await refusal(orders.cancel(open.DocumentNumber))).toMatchObject({ messageKey: 'accounting.fortnox.orderCancelled' });
    expect(await refusal(orders.cancel(invoiced.DocumentNumber))).toMatchObject({
      kind: 'conflict',
      messageKey: 'accounting.fortnox.orderInvoiced',
    });
  });
});

describe('vouchers', () => {
  it('reads a voucher whole and reverses it once, even when the answer is lost', async () => {
    const vouchers = fortnox.vouchers;
    if (!vouchers.get || !vouchers.reverse) throw new Error('Fortnox reads and reverses vouchers');
    const list = await vouchers.list({ pageSize: 500 });
    expect(list.items.every((v) => v.rows.length === 0)).toBe(true);
    // What each voucher books, from the list item's ReferenceType: the invoices' bookings are told apart.
    const booksOf = (series: string) => new Set(list.items.filter((v) => v.series === series).map((v) => v.books));
    expect(booksOf('A')).toEqual(new Set([null]));
    expect(booksOf('B')).toEqual(new Set(['customer_invoice']));
    expect(booksOf('C')).toEqual(new Set([null]));
    expect(booksOf('D')).toEqual(new Set(['supplier_invoice']));
    const receipt = list.items.find((v) => v.series === 'A' && v.description.startsWith('Kvitto'));
    if (!receipt) throw new Error('the demo has receipts');
    expect(receipt.books).toBeNull();
    // Named with its financial year (`A 17 (2025)`): Fortnox numbers each year anew.
    expect(receipt.year).toBe(receipt.date.slice(0, 4));
    const whole = await vouchers.get(voucherName(receipt));
    expect(whole).toMatchObject({ description: receipt.description, date: receipt.date, year: receipt.year });
    expect(whole.rows).toHaveLength(2);
    expect(whole.amountOre).toBeGreaterThan(0);

    const today = sim.store.today();
    const before = tenant().vouchers.size;
    sim.faults.dropAnswer(1, { method: 'POST', path: '/vouchers' });
    const reversal = await vouchers.reverse(voucherName(receipt), today, { externalRef: 'handling-1:A1' });
    expect(reversal).toMatchObject({ series: 'A', date: today, year: today.slice(0, 4), reversesVoucher: voucherName(receipt) });
    expect(reversal.rows.map((r) => [r.account, r.debitOre, r.creditOre])).toEqual(
      whole.rows.map((r) => [r.account, r.creditOre, r.debitOre]),
    );
    // The retry found the first reversal: one new voucher, not two.
    expect(tenant().vouchers.size).toBe(before + 1);
    const again = await vouchers.reverse(voucherName(receipt), today, { externalRef: 'handling-1:A1' });
    expect(again.number).toBe(reversal.number);
    expect(tenant().vouchers.size).toBe(before + 1);
    expect(await refusal(vouchers.get('A 99999'))).toMatchObject({ kind: 'not_found' });
    expect(await refusal(vouchers.get(`A 1 (${Number(today.slice(0, 4)) - 10})`))).toMatchObject({ kind: 'not_found' });
  });

  it("lists every financial year's vouchers, tells A 1 of one year from the next's, and reverses the one named", async () => {
    const vouchers = twoYears.vouchers;
    if (!vouchers.get || !vouchers.reverse) throw new Error('Fortnox reads and reverses vouchers');
    const company = sim.store.tenant(YEARS_TENANT);
    const today = sim.store.today();
    const year = Number(today.slice(0, 4));
    const lastYearDate = `${year - 1}-11-20`;
    const book = (date: string, description: string, ore: number) =>
      sim.store.addVoucher(company, 'A', date, description, '', 'MANUAL', [
        { Account: 6110, Debit: ore / 100, Credit: 0, Description: description, TransactionInformation: '' },
        { Account: 1930, Debit: 0, Credit: ore / 100, Description: description, TransactionInformation: '' },
      ]);
    const hourAgo = Date.now() - 3_600_000;
    book(lastYearDate, 'Kvitto förra året', 300_00);
    book(today, 'Kvitto i år', 500_00);
    for (const stored of company.vouchers.values()) stored.modifiedAt = hourAgo;

    // One page a year (the oldest first), as one list.
    const first = await vouchers.list({ page: 1, pageSize: 1 });
    expect(first).toMatchObject({ totalPages: 2, total: 2 });
    const second = await vouchers.list({ page: 2, pageSize: 1 });
    const listed = [...first.items, ...second.items];
    expect(listed.map((v) => [voucherName(v), v.description])).toEqual([
      [`A 1 (${year - 1})`, 'Kvitto förra året'],
      [`A 1 (${year})`, 'Kvitto i år'],
    ]);
    // Each read back as itself.
    expect(await vouchers.get(`A 1 (${year - 1})`)).toMatchObject({ date: lastYearDate, amountOre: 300_00 });
    expect(await vouchers.get(`A 1 (${year})`)).toMatchObject({ date: today, amountOre: 500_00 });

    // Changes only: booked into last year after the moment asked about, found all the same.
    const since = new Date(Date.now() - 600_000).toISOString();
    book(lastYearDate, 'Sent bokfört kvitto', 120_00);
    const changed = await vouchers.list({ pageSize: 500, modifiedSince: since });
    expect(changed.items.map((v) => [voucherName(v), v.description])).toEqual([[`A 2 (${year - 1})`, 'Sent bokfört kvitto']]);

    // The reversal of last year's A 1, not this year's: booked today, in this year.
    const reversal = await vouchers.reverse(`A 1 (${year - 1})`, today, { externalRef: 'handling-2:A1', firstAttempt: true });
    expect(reversal).toMatchObject({ series: 'A', number: '2', year: String(year), reversesVoucher: `A 1 (${year - 1})` });
    expect(reversal.rows.map((r) => [r.account, r.debitOre, r.creditOre])).toEqual([
      ['6110', 0, 300_00],
      ['1930', 300_00, 0],
    ]);
    const stored = [...company.vouchers.values()].map((s) => s.doc).find((v) => v.Comments?.includes('handling-2'));
    expect(stored).toMatchObject({
      Year: 3,
      TransactionDate: today,
      Comments: `Fairway handling-2:A1 reverses A 1 (${year - 1})`,
    });
    // A date in no financial year: nothing is booked.
    const count = company.vouchers.size;
    expect(
      await refusal(
        vouchers.reverse(`A 1 (${year})`, `${year - 10}-01-01`, { externalRef: 'handling-3:A1', firstAttempt: true }),
      ),
    ).toMatchObject({ kind: 'validation', messageKey: 'accounting.fortnox.financialYearMissing' });
    expect(company.vouchers.size).toBe(count);
  });
});

describe('the simulator refuses what Fortnox refuses', () => {
  const post = async (path: string, body: unknown) => {
    const issued = sim.issueTokens(RAW_TENANT);
    const answer = await fetch(`${sim.apiBaseUrl}/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${issued.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as { ErrorInformation?: { message: string } } };
  };

  it('an unknown field, an unbalanced voucher, an unknown account or series', async () => {
    const unknown = await post('supplierinvoices', { SupplierInvoice: { SupplierNumber: '1', Amount: 5 } });
    expect(unknown).toMatchObject({ status: 400, body: { ErrorInformation: { message: 'Felaktigt fältnamn (Amount)' } } });
    const row = (Account: number, Debit: number, Credit: number) => ({ Account, Debit, Credit });
    const voucher = (rows: unknown[], VoucherSeries = 'A') => ({
      Voucher: { VoucherSeries, TransactionDate: sim.store.today(), Description: 'Test', VoucherRows: rows },
    });
    expect((await post('vouchers', voucher([row(1930, 100, 0), row(6570, 0, 90)]))).status).toBe(400);
    expect((await post('vouchers', voucher([row(1930, 100, 0), row(9999, 0, 100)]))).status).toBe(400);
    expect((await post('vouchers', voucher([row(1930, 100, 0), row(6570, 0, 100)], 'Q'))).status).toBe(400);
    expect((await post('vouchers', { Voucher: { VoucherSeries: 'A', Description: 'x', VoucherRows: [] } })).status).toBe(400);
    const made = await post('vouchers', voucher([row(1930, 100, 0), row(6570, 0, 100)]));
    expect(made.status).toBe(201);
    expect((await post('suppliers', { Supplier: { Name: 'Ny leverantör', Balance: 0 } })).status).toBe(400);
  });
});
