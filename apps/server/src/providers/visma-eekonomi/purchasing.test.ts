import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY } from '../../config';
import { createPgliteDatabase, type Database } from '../../db/client';
import { AccountingError } from '../accounting/errors';
import type { AccountingProvider } from '../accounting/provider';
import { createRateLimiter, VISMA_EEKONOMI_RATE_LIMIT } from '../accounting/rate-limiter';
import { createVismaEekonomiProvider } from './provider';
import { startVismaSimulator, type VismaSimulator } from './simulator/index';

/**
 * Dubbelkoll's side of the Visma eEkonomi client against the simulator: suppliers and supplier
 * invoices (read; Visma's API has no cancel or credit of them), orders whole, and vouchers read
 * and reversed once, over real HTTP.
 */

let sim: VismaSimulator;
let database: Database;
let visma: AccountingProvider;

beforeAll(async () => {
  database = await createPgliteDatabase(IN_MEMORY);
  await database.executeSql(
    'create table provider_rate_events (id bigserial primary key, key text not null, at timestamptz not null); create index on provider_rate_events (key, at);',
  );
  sim = await startVismaSimulator({ seed: 'demo' });
  const tokens = sim.grantConsent();
  visma = createVismaEekonomiProvider({
    apiBaseUrl: sim.apiBaseUrl,
    auth: { get: async () => tokens.accessToken, refreshAfterRejection: async () => tokens.accessToken },
    limiter: createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT),
    rateKey: 'visma_eekonomi:purchasing',
    retryBaseMs: 20,
  });
});

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

async function refusal(promise: Promise<unknown>): Promise<AccountingError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
}

describe('suppliers and supplier invoices', () => {
  it('pages through suppliers, reads one by number, lists incrementally', async () => {
    const suppliers = visma.suppliers;
    if (!suppliers) throw new Error('Visma reads suppliers');
    const first = await suppliers.list({ page: 1, pageSize: 10 });
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 14 });
    expect(await suppliers.get('1')).toMatchObject({ name: 'Fastighets AB Greenen', bankgiro: '5050-1055' });
    expect(await suppliers.get('14')).toMatchObject({ bankAccount: 'SE45 5000 0000 0583 9825 7466' });
    const later = new Date(sim.store.now().getTime() + 60_000).toISOString();
    expect((await suppliers.list({ modifiedSince: later })).total).toBe(0);
    expect(await refusal(suppliers.get('999'))).toMatchObject({ kind: 'not_found' });
  });

  it('lists supplier invoices with their rows and reads one whole; offers no cancel or credit', async () => {
    const invoices = visma.supplierInvoices;
    if (!invoices) throw new Error('Visma reads supplier invoices');
    expect(invoices.cancel).toBeUndefined();
    expect(invoices.credit).toBeUndefined();
    const page = await invoices.list({ pageSize: 200 });
    expect(page.total).toBeGreaterThan(100);
    const rent = page.items.find((i) => i.supplierNumber === '1');
    if (!rent) throw new Error('the demo has rent invoices');
    expect(rent).toMatchObject({ totalOre: 42_500_00, vatOre: 8_500_00, booked: true, supplierName: 'Fastighets AB Greenen' });
    expect(rent.rows).toEqual([{ account: '5010', articleNumber: null, description: expect.any(String), amountOre: 34_000_00 }]);
    expect(await invoices.get(rent.number)).toEqual(rent);
    expect(await refusal(invoices.get('00000000-0000-4000-a000-000000000000'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('orders', () => {
  it('reads an order whole: rows, the customer reference, invoiced', async () => {
    const orders = visma.orders;
    if (!orders.get) throw new Error('Visma reads orders whole');
    expect(orders.cancel).toBeUndefined();
    const list = await orders.list({ pageSize: 200 });
    const invoiced = list.items.find((o) => o.invoiced && o.yourReference?.startsWith('WEB-'));
    if (!invoiced) throw new Error('the demo has invoiced shop orders');
    const whole = await orders.get(invoiced.number);
    expect(whole).toMatchObject({ number: invoiced.number, invoiced: true, yourReference: invoiced.yourReference });
    expect(whole.rows.length).toBeGreaterThan(0);
    expect(await refusal(orders.get('99999'))).toMatchObject({ kind: 'not_found' });
  });
});

describe('vouchers', () => {
  it('reverses a voucher once, even when the answer is lost, and refuses an unbalanced one', async () => {
    const vouchers = visma.vouchers;
    if (!vouchers.get || !vouchers.reverse) throw new Error('Visma reads and reverses vouchers');
    const list = await vouchers.list({ pageSize: 1000 });
    const receipt = list.items.find((v) => v.series === 'A' && v.description.startsWith('Kvitto'));
    if (!receipt) throw new Error('the demo has receipts');
    // A manual voucher books nothing; the customer invoices' vouchers (VoucherType 14, 15) book their invoice.
    expect(receipt.books).toBeNull();
    const invoiceBookings = list.items.filter((v) => v.description.startsWith('Kundfaktura'));
    expect(invoiceBookings.length).toBeGreaterThan(0);
    expect(new Set(invoiceBookings.map((v) => v.books))).toEqual(new Set(['customer_invoice']));
    const whole = await vouchers.get(`A ${receipt.number}`);
    expect(whole.rows).toHaveLength(2);

    const before = sim.store.vouchers.size;
    sim.faults.crashAfterCreate(1, { method: 'POST', path: '/vouchers' });
    const today = new Date().toISOString().slice(0, 10);
    const reversal = await vouchers.reverse(`A ${receipt.number}`, today, { externalRef: 'h-1:A9' });
    expect(reversal).toMatchObject({ date: today, reversesVoucher: `A ${receipt.number}` });
    expect(reversal.rows.map((r) => [r.account, r.debitOre, r.creditOre])).toEqual(
      whole.rows.map((r) => [r.account, r.creditOre, r.debitOre]),
    );
    expect(sim.store.vouchers.size).toBe(before + 1);
    await vouchers.reverse(`A ${receipt.number}`, today, { externalRef: 'h-1:A9' });
    expect(sim.store.vouchers.size).toBe(before + 1);
    expect(await refusal(vouchers.get('A 999999'))).toMatchObject({ kind: 'not_found' });
  });

  it('the simulator refuses an unbalanced voucher, an account outside the chart, a body without rows, a too long text', async () => {
    const tokens = sim.grantConsent();
    const post = async (body: unknown) =>
      (
        await fetch(`${sim.apiBaseUrl}/vouchers`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    const row = (AccountNumber: number, DebitAmount: number, CreditAmount: number) => ({
      AccountNumber,
      DebitAmount,
      CreditAmount,
    });
    const voucher = (Rows: unknown[]) => ({ VoucherDate: '2026-11-01', VoucherText: 'Test', Rows });
    expect(await post(voucher([row(1930, 100, 0), row(6570, 0, 90)]))).toBe(400);
    expect(await post(voucher([row(1930, 100, 0), row(9999, 0, 100)]))).toBe(400);
    expect(await post({ VoucherDate: '2026-11-01', VoucherText: 'Test' })).toBe(400);
    // definitions.VoucherApi.VoucherText: at most 100 characters.
    expect(await post({ ...voucher([row(1930, 100, 0), row(6570, 0, 100)]), VoucherText: 'x'.repeat(101) })).toBe(400);
    expect(await post(voucher([row(1930, 100, 0), row(6570, 0, 100)]))).toBe(200);
  });
});
