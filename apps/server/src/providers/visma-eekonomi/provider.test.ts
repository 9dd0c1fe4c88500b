import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurantInvoiceFields } from '../../../test/fixtures/accounting-fields';
import { createOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { IN_MEMORY } from '../../config';
import { createPgliteDatabase, type Database } from '../../db/client';
import { databaseRequestJournal } from '../../modules/accounting/connection/request-journal.repository';
import type { AccessTokenSource } from '../accounting/credentials';
import { AccountingError } from '../accounting/errors';
import type { AccountingProvider, InvoiceFields } from '../accounting/provider';
import { createRateLimiter, VISMA_EEKONOMI_RATE_LIMIT } from '../accounting/rate-limiter';
import { createMemoryRequestJournal } from '../accounting/request-journal';
import { createVismaOAuth } from './oauth';
import { createVismaEekonomiProvider } from './provider';
import { DEFAULT_SIMULATOR_CLIENT, startVismaSimulator, type VismaSimulator } from './simulator/index';
import { registerPayment as registerInVisma } from './simulator/operations';
import type { VCustomer, VInvoice } from './simulator/store';

/**
 * The provider against the simulator over real HTTP: no fetch mocks. The limiter is the real
 * PostgreSQL one (on PGlite); the token source keeps one token pair and refreshes it with the
 * OAuth client, so single-use refresh tokens are exercised for real.
 */

let sim: VismaSimulator;
let database: Database;

beforeAll(async () => {
  database = await createPgliteDatabase(IN_MEMORY);
  // Only the limiter's table is needed here; the full migration chain belongs to the API tests.
  await database.executeSql(
    'create table provider_rate_events (id bigserial primary key, key text not null, at timestamptz not null); create index on provider_rate_events (key, at);',
  );
});
afterAll(async () => {
  await database.close();
});

function tokenSource(tokens: { accessToken: string; refreshToken: string }): AccessTokenSource & { refreshes: number } {
  const oauth = createVismaOAuth({
    authBaseUrl: sim.authBaseUrl,
    clientId: DEFAULT_SIMULATOR_CLIENT.clientId,
    clientSecret: DEFAULT_SIMULATOR_CLIENT.clientSecret,
  });
  let current = { ...tokens };
  const source = {
    refreshes: 0,
    async get() {
      return current.accessToken;
    },
    async refreshAfterRejection(rejected: string) {
      if (rejected !== current.accessToken) return current.accessToken;
      const next = await oauth.refresh(current.refreshToken);
      source.refreshes++;
      current = { accessToken: next.accessToken, refreshToken: next.refreshToken as string };
      return current.accessToken;
    },
  };
  return source;
}

function provider(
  options: { timeoutMs?: number; maxRetries?: number } = {},
): AccountingProvider & { auth: ReturnType<typeof tokenSource> } {
  const auth = tokenSource(sim.grantConsent());
  const p = createVismaEekonomiProvider({
    apiBaseUrl: sim.apiBaseUrl,
    auth,
    limiter: createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT),
    rateKey: `visma_eekonomi:test:${Math.random()}`,
    retryBaseMs: 20,
    ...options,
  });
  return Object.assign(p, { auth });
}

async function kind(promise: Promise<unknown>): Promise<{ kind: string; key: string; params: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  const e = error as AccountingError;
  return { kind: e.kind, key: e.messageKey, params: e.params };
}

// 3 × 115.00 at 12 % and 1 × 519.20 at 25 %, 10 % off the second: VAT per rate, total rounded to kronor.
const invoiceFields = (customerNumber: string): InvoiceFields =>
  restaurantInvoiceFields(customerNumber, [
    {
      articleNumber: 'S200',
      description: 'Golfbollar',
      quantityHundredths: 100,
      unit: 'förp',
      priceOre: 51_920,
      vatPercent: 25,
      discountBasisPoints: 1000,
      costCenter: 'SHOP',
      project: 'P10',
    },
  ]);

describe('Visma eEkonomi provider against the simulator', () => {
  beforeAll(async () => {
    sim = await startVismaSimulator({ seed: 'demo' });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    sim.faults.reset();
  });

  it('pages customers with the Meta block and reads every one exactly once', async () => {
    const p = provider();
    const first = await p.customers.list({ page: 1, pageSize: 15 });
    expect(first).toMatchObject({ page: 1, totalPages: 3, total: 40 });
    const seen = new Set(first.items.map((c) => c.number));
    for (let page = 2; page <= first.totalPages; page++)
      for (const c of (await p.customers.list({ page, pageSize: 15 })).items) seen.add(c.number);
    expect(seen.size).toBe(40);
    const company = first.items.find((c) => c.type === 'company');
    expect(company?.organisationNumber).toMatch(/^\d{6}-\d{4}$/);
    expect(company?.vatType).toBe('SEVAT');
    const queries = sim.store.requestLog.map((r) => new URL(r.path, 'http://x').searchParams);
    expect(queries.some((q) => q.get('$page') === '3' && q.get('$pagesize') === '15')).toBe(true);
  });

  it('fetches only what changed since the last refresh', async () => {
    const p = provider();
    const since = new Date(Date.now() - 1).toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const updated = await p.customers.update('1003', { phone1: '0155-99 88 77', notes: 'Ny kontaktperson' });
    expect(updated.phone1).toBe('0155-99 88 77');
    const changed = await p.customers.list({ modifiedSince: since });
    expect(changed.items.map((c) => c.number)).toEqual(['1003']);
    expect(
      sim.store.requestLog.some((r) => new URL(r.path, 'http://x').searchParams.get('$filter')?.startsWith('ChangedUtc gt ')),
    ).toBe(true);
    // PUT replaces the whole customer in Visma: what the portal did not touch is still there.
    const again = await p.customers.get('1003');
    expect(again.address.city).toBe(updated.address.city);
    expect(again.notes).toBe('Ny kontaktperson');
  });

  it('maps invoices both ways in öre, with VAT per rate and the rounding to whole kronor', async () => {
    const p = provider();
    const invoice = await p.invoices.create(invoiceFields('1001'), { externalRef: 'inv-vat-1' });
    // 345.00 @12 % → 41.40; 467.28 @25 % → 116.82; gross 970.50 → 971 (rounding 0.50)
    expect(invoice).toMatchObject({
      netOre: 81_228,
      vatOre: 15_822,
      totalOre: 97_100,
      balanceOre: 97_100,
      booked: true,
      externalRef: 'inv-vat-1',
    });
    expect(invoice.rows[0]).toMatchObject({
      articleNumber: 'R100',
      quantityHundredths: 300,
      priceOre: 11_500,
      vatPercent: 12,
      costCenter: 'REST',
    });
    expect(invoice.rows[1]).toMatchObject({ vatPercent: 25, discountBasisPoints: 1000, costCenter: 'SHOP', project: 'P10' });
    expect(invoice.ocr).toMatch(/^\d+$/);
    expect(Number(invoice.number)).toBeGreaterThan(1000);
  });

  it('creates invoices as drafts and converts them: no draft is left behind', async () => {
    const p = provider();
    const drafts = sim.store.drafts.size;
    const invoice = await p.invoices.create(invoiceFields('1002'), { externalRef: 'inv-draft-1' });
    expect(sim.store.drafts.size).toBe(drafts);
    const calls = sim.store.requestLog.map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(calls).toContain('POST /v2/customerinvoicedrafts');
    expect(calls.some((c) => /^POST \/v2\/customerinvoicedrafts\/[0-9a-f-]+\/convert$/.test(c))).toBe(true);
    expect((await p.invoices.get(invoice.number)).externalRef).toBe('inv-draft-1');
  });

  it('makes exactly one invoice when the answer to a create or a convert is lost', async () => {
    const p = provider();
    // The contract has no field for our reference: Visma's invoices of the customer are counted.
    const count = () => [...sim.store.invoices.values()].filter((i) => i.CustomerNumber === '1004').length;
    const before = count();
    sim.faults.crashAfterCreate(1, { path: '/customerinvoicedrafts' });
    const first = await p.invoices.create(invoiceFields('1004'), { externalRef: 'inv-crash-1' });
    expect(count()).toBe(before + 1);
    expect(first.externalRef).toBe('inv-crash-1');
    // The portal retries the whole job later: still one.
    const again = await p.invoices.create(invoiceFields('1004'), { externalRef: 'inv-crash-1' });
    expect(again.number).toBe(first.number);
    expect(count()).toBe(before + 1);

    // The same content under another reference is another invoice, also after a lost answer:
    // the first is claimed by its own reference in our record.
    sim.faults.crashAfterCreate(1, { path: '/convert' });
    const second = await p.invoices.create(invoiceFields('1004'), { externalRef: 'inv-crash-2' });
    expect(count()).toBe(before + 2);
    expect(second.number).not.toBe(first.number);
    expect(second.externalRef).toBe('inv-crash-2');
  });

  it('finishes a draft left by a crash between draft and conversion', async () => {
    const p = provider();
    const drafts = sim.store.drafts.size;
    const invoices = sim.store.invoices.size;
    sim.faults.failNext(1, 503, { path: '/convert' });
    const invoice = await p.invoices.create(invoiceFields('1005'), { externalRef: 'inv-503' });
    expect(sim.store.drafts.size).toBe(drafts);
    expect(sim.store.invoices.size).toBe(invoices + 1);
    expect(invoice.externalRef).toBe('inv-503');
  });

  it('retries 429 after the wait Visma names, and 5xx on reads', async () => {
    const p = provider();
    sim.faults.failNext(2, 429, { path: '/articles', retryAfterSeconds: 0 });
    sim.faults.failNext(1, 502, { path: '/articles' });
    const started = sim.store.requestLog.length;
    const page = await p.articles.list({ pageSize: 50 });
    expect(page.total).toBe(30);
    const statuses = sim.store.requestLog
      .slice(started)
      .filter((r) => r.path.startsWith('/v2/articles'))
      .map((r) => r.status);
    expect(statuses).toEqual([429, 429, 502, 200]);
  });

  it('gives up with rate_limited and the wait when 429s do not stop', async () => {
    const p = provider({ maxRetries: 1 });
    sim.faults.failNext(5, 429, { path: '/customers', retryAfterSeconds: 0 });
    const error = await p.customers.list().catch((e: unknown) => e as AccountingError);
    expect(error).toBeInstanceOf(AccountingError);
    expect((error as AccountingError).kind).toBe('rate_limited');
    expect((error as AccountingError).transient).toBe(true);
  });

  it('holds the per-endpoint limit of Visma: past it the simulator answers 429 with ErrorCode 4010 and the wait', async () => {
    const small = await startVismaSimulator({ seed: 'empty', rateLimit: { limit: 3, windowMs: 1000 } });
    try {
      const tokens = small.grantConsent();
      const response = await Promise.all(
        Array.from({ length: 4 }, () =>
          fetch(`${small.apiBaseUrl}/units`, { headers: { authorization: `Bearer ${tokens.accessToken}` } }),
        ),
      );
      const limited = response.find((r) => r.status === 429);
      expect(await limited?.json()).toMatchObject({
        ErrorCode: 4010,
        DeveloperErrorMessage: expect.stringMatching(/Try again in \d+ seconds/),
      });
    } finally {
      await small.close();
    }
  });

  it('times out a request that never answers', async () => {
    const p = provider({ timeoutMs: 300, maxRetries: 0 });
    sim.faults.hangNext(1, { path: '/companysettings' });
    expect(await kind(p.companyInformation())).toMatchObject({ kind: 'timeout', key: 'accounting.timeout' });
  });

  it('refreshes once after a 401 and carries on with the rotated token', async () => {
    const p = provider();
    sim.identity.accessTokens.clear(); // the access token expired
    const company = await p.companyInformation();
    expect(company.name).toBe('Sjöviks Golf Drift AB');
    expect(p.auth.refreshes).toBe(1);
  });

  it('reports a withdrawn consent as consent_revoked', async () => {
    const p = provider();
    sim.faults.revokeConsent();
    try {
      expect(await kind(p.customers.get('1001'))).toMatchObject({ kind: 'consent_revoked', key: 'accounting.consentRevoked' });
    } finally {
      sim.identity.revoked = false;
    }
  });

  it('maps Visma error codes to localised refusals', async () => {
    const p = provider();
    const taken = await p.customers.get('1001');
    expect(await kind(p.customers.create({ ...taken, number: '1002' }, { externalRef: 'cust-dup' }))).toMatchObject({
      kind: 'conflict',
      key: 'accounting.customerNumberInUse',
    });
    expect(await kind(p.invoices.get('999999'))).toMatchObject({ kind: 'not_found', key: 'accounting.invoiceMissing' });
    expect(await kind(p.customers.get('no-such'))).toMatchObject({ key: 'accounting.customerMissing' });
    const noArticle = invoiceFields('1001');
    noArticle.rows = [{ ...noArticle.rows[0], articleNumber: null } as (typeof noArticle.rows)[number]];
    expect(await kind(p.invoices.create(noArticle, { externalRef: 'inv-no-art' }))).toMatchObject({
      kind: 'validation',
      key: 'accounting.visma.rowNeedsArticle',
    });
    const badCustomer = { ...taken, number: undefined, address: { ...taken.address, city: null } };
    const rejected = await kind(p.customers.create(badCustomer, { externalRef: 'cust-bad' }));
    expect(rejected).toMatchObject({ kind: 'validation', key: 'accounting.rejected' });
    expect(String((rejected.params as { detail: string }).detail)).toMatch(/InvoiceCity/);
  });

  it('creates a customer once per reference, even when the answer is lost', async () => {
    const p = provider();
    const base = await p.customers.get('1001');
    sim.faults.crashAfterCreate(1, { path: '/customers' });
    const created = await p.customers.create(
      { ...base, number: undefined, name: 'Ny Kund AB', organisationNumber: '556000-0001', notes: 'Via portalen' },
      { externalRef: 'cust-once' },
    );
    expect(created).toMatchObject({ name: 'Ny Kund AB', externalRef: 'cust-once', notes: 'Via portalen' });
    expect([...sim.store.customers.values()].filter((c) => c.Name === 'Ny Kund AB')).toHaveLength(1);
  });

  it('creates and updates articles with VAT through the account coding', async () => {
    const p = provider();
    const base = await p.articles.get('S201');
    expect(base).toMatchObject({ vatPercent: 25, salesPriceOre: 19_920, unit: 'st', stockItem: true });
    const created = await p.articles.create(
      { ...base, number: undefined, description: 'Regnhandske', vatPercent: 25, salesPriceOre: 24_900 },
      { externalRef: 'art-1' },
    );
    expect(created.number).toMatch(/^FW[0-9A-F]{8}$/);
    const same = await p.articles.create(
      { ...base, number: undefined, description: 'Regnhandske', vatPercent: 25, salesPriceOre: 24_900 },
      { externalRef: 'art-1' },
    );
    expect(same.number).toBe(created.number);
    const updated = await p.articles.update(created.number, { salesPriceOre: 25_900, vatPercent: 12 });
    expect(updated).toMatchObject({ salesPriceOre: 25_900, vatPercent: 12 });
    expect(
      await kind(p.articles.create({ ...base, number: undefined, vatPercent: 7 }, { externalRef: 'art-bad' })),
    ).toMatchObject({ key: 'accounting.visma.noAccountCoding' });
  });

  describe('invoice actions', () => {
    let p: ReturnType<typeof provider>;
    let number: string;
    beforeAll(async () => {
      p = provider();
      number = (await p.invoices.create(invoiceFields('1001'), { externalRef: 'inv-actions' })).number;
    });

    it('sends by e-mail and print, and says what Visma cannot do', async () => {
      expect((await p.invoices.send(number, 'email')).sent).toBe(true);
      expect((await p.invoices.send(number, 'print')).deliveryMethod).toBe('print');
      expect(await kind(p.invoices.send(number, 'einvoice'))).toMatchObject({ key: 'accounting.visma.notSupported' });
      expect(await kind(p.invoices.send(number, 'externalprint'))).toMatchObject({ key: 'accounting.visma.notSupported' });
    });

    it('refuses e-mail for a customer without an address', async () => {
      const withoutEmail = [...sim.store.customers.values()].find((c) => !c.EmailAddress && c.IsActive) as {
        CustomerNumber: string;
      };
      const invoice = await p.invoices.create(invoiceFields(withoutEmail.CustomerNumber), { externalRef: 'inv-no-mail' });
      expect(await kind(p.invoices.send(invoice.number, 'email'))).toMatchObject({
        kind: 'validation',
        key: 'accounting.rejected',
      });
    });

    it('refuses update and cancel of a booked invoice; bookkeep is already done', async () => {
      expect(await kind(p.invoices.update(number, { remarks: 'x' }))).toMatchObject({
        kind: 'conflict',
        key: 'accounting.visma.invoiceBookedAtCreation',
      });
      expect(await kind(p.invoices.cancel(number))).toMatchObject({ kind: 'conflict', key: 'accounting.visma.notSupported' });
      expect((await p.invoices.bookkeep(number)).booked).toBe(true);
    });

    it('registers a payment once per reference and refuses an overpayment', async () => {
      const before = await p.invoices.get(number);
      sim.faults.crashAfterCreate(1, { path: '/payments' });
      const payment = await p.invoices.registerPayment(
        number,
        { paymentDate: '2026-05-20', amountOre: 50_000 },
        { externalRef: 'pay-1' },
      );
      expect(payment).toMatchObject({ invoiceNumber: number, amountOre: 50_000, paymentDate: '2026-05-20' });
      await p.invoices.registerPayment(number, { paymentDate: '2026-05-20', amountOre: 50_000 }, { externalRef: 'pay-1' });
      const after = await p.invoices.get(number);
      expect(after.balanceOre).toBe(before.balanceOre - 50_000);
      expect(after.payments).toHaveLength(1);
      expect(
        await kind(
          p.invoices.registerPayment(number, { paymentDate: '2026-05-21', amountOre: 10_000_000 }, { externalRef: 'pay-2' }),
        ),
      ).toMatchObject({
        kind: 'validation',
      });
    });

    it('credits an invoice once; a credit note cannot be credited', async () => {
      const before = await p.invoices.get(number);
      const credit = await p.invoices.credit(number);
      expect(credit).toMatchObject({ isCredit: true, creditedInvoiceNumber: number });
      expect(credit.totalOre).toBe(-97_100);
      // The contract has no field that links a credit note to its invoice (CustomerInvoiceDraftApi
      // has no ReferringInvoiceId; on CustomerInvoiceApi it is read-only): the credit note names it
      // in its first row, the portal's link is our record's, and Visma leaves the balance for a person to settle.
      const inVisma = [...sim.store.invoices.values()].find((i) => String(i.InvoiceNumber) === credit.number);
      expect(inVisma?.Rows[0]).toMatchObject({ IsTextRow: true, Text: `Kreditering av faktura ${number}` });
      expect(inVisma?.ReferringInvoiceId).toBeNull();
      const original = await p.invoices.get(number);
      expect(original).toMatchObject({ credited: true, balanceOre: before.balanceOre });
      expect(await kind(p.invoices.credit(number))).toMatchObject({ key: 'accounting.visma.invoiceAlreadyCredited' });
      expect(await kind(p.invoices.credit(credit.number))).toMatchObject({ key: 'accounting.visma.creditNoteNotCreditable' });
    });

    it("names the credited invoice in the customer's document language", async () => {
      const customer = [...sim.store.customers.values()].find((c) => c.CustomerNumber === '1002') as VCustomer;
      customer.SalesDocumentLanguage = 'en';
      try {
        const made = await p.invoices.create(invoiceFields('1002'), { externalRef: 'inv-credit-en', firstAttempt: true });
        const credit = await p.invoices.credit(made.number);
        expect(credit.rows[0]).toMatchObject({ articleNumber: null, description: `Credit for invoice ${made.number}` });
        expect(credit).toMatchObject({ creditedInvoiceNumber: made.number, totalOre: -made.totalOre });
      } finally {
        customer.SalesDocumentLanguage = null;
      }
    });

    it('downloads the PDF through the temporary link Visma hands out', async () => {
      const pdf = await p.invoices.pdf(number);
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);
    });
  });

  it('reads the demo history: paid, unpaid, credited invoices with payments and vouchers', async () => {
    const p = provider();
    const page = await p.invoices.list({ pageSize: 500 });
    expect(page.total).toBeGreaterThanOrEqual(190);
    const items = page.items;
    expect(items.some((i) => i.balanceOre === 0 && !i.isCredit && i.payments.length > 0)).toBe(true);
    expect(items.some((i) => i.balanceOre > 0 && i.payments.length > 0)).toBe(true);
    expect(items.some((i) => i.credited)).toBe(true);
    for (const i of items) {
      // The rows add up to the net Visma computed, and the rounding to whole kronor stays under one krona.
      const rows = i.rows.reduce(
        (sum, r) => sum + Math.round((r.priceOre * r.quantityHundredths * (1 - r.discountBasisPoints / 10_000)) / 100),
        0,
      );
      expect(rows).toBe(i.netOre);
      expect(Math.abs(i.totalOre - i.netOre - i.vatOre)).toBeLessThan(100);
    }
    const payments = await p.invoicePayments.list({ pageSize: 20 });
    expect(payments.total).toBeGreaterThan(100);
    expect(payments.items[0]?.invoiceNumber).toMatch(/^\d+$/);
    expect((await p.vouchers.list({ pageSize: 10 })).total).toBeGreaterThan(300);
    const orders = await p.orders.list();
    expect(orders.items[0]?.customerNumber).toMatch(/^\d+$/);
    expect((await p.codeLists.costCenters()).map((c) => c.code)).toEqual(['REST', 'SHOP', 'RANGE']);
  });

  it('records a payment on the default cheque account with the documented fields, and answers the voucher it booked', async () => {
    const p = provider();
    const number = (await p.invoices.create(invoiceFields('1006'), { externalRef: 'inv-pay-body' })).number;
    const invoice = [...sim.store.invoices.values()].find((i) => String(i.InvoiceNumber) === number);
    const paid = await p.invoices.registerPayment(
      number,
      { paymentDate: '2026-05-21', amountOre: 97_100 },
      { externalRef: 'pay-full' },
    );
    expect(paid).toMatchObject({
      invoiceNumber: number,
      amountOre: 97_100,
      paymentDate: '2026-05-21',
      number: expect.stringMatching(/^C\d+$/),
    });
    const cheque = sim.store.bankAccounts.find((b) => b.IsDefaultChequeAccount);
    expect(invoice?.Payments).toEqual([
      expect.objectContaining({
        CompanyBankAccountId: cheque?.Id,
        PaymentType: 2,
        PaymentCurrency: 'SEK',
        PaymentAmount: 971,
        Reference: 'fw:pay-full',
      }),
    ]);
  });

  it('takes the voucher its own answer booked, not an equal payment a person booked in Visma just before', async () => {
    const journal = createMemoryRequestJournal();
    const p = createVismaEekonomiProvider({
      apiBaseUrl: sim.apiBaseUrl,
      auth: tokenSource(sim.grantConsent()),
      limiter: createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT),
      rateKey: `visma_eekonomi:test:${Math.random()}`,
      journal,
    });
    const number = (await p.invoices.create(invoiceFields('1004'), { externalRef: 'inv-pay-twin', firstAttempt: true })).number;
    const invoice = [...sim.store.invoices.values()].find((i) => String(i.InvoiceNumber) === number) as VInvoice;
    const cheque = sim.store.bankAccounts.find((b) => b.IsDefaultChequeAccount);
    registerInVisma(sim.store, invoice.Id, {
      CompanyBankAccountId: cheque?.Id,
      PaymentDate: '2026-05-23',
      PaymentAmount: 100,
      PaymentCurrency: 'SEK',
      PaymentType: 1,
    });
    const paid = await p.invoices.registerPayment(
      number,
      { paymentDate: '2026-05-23', amountOre: 10_000 },
      { externalRef: 'pay-twin' },
    );
    const ours = sim.store.vouchers.get(invoice.Payments[1]?.VoucherId as string);
    expect(paid).toEqual({
      number: ours?.NumberAndNumberSeries,
      invoiceNumber: number,
      paymentDate: '2026-05-23',
      amountOre: 10_000,
      modifiedAt: expect.any(String),
    });
    expect((await journal.find('payment', 'pay-twin'))?.answer).toBe(ours?.Id);
  });

  it('never sends a payment Visma answered again, also when its voucher could not be read then', async () => {
    const journal = createMemoryRequestJournal();
    const p = createVismaEekonomiProvider({
      apiBaseUrl: sim.apiBaseUrl,
      auth: tokenSource(sim.grantConsent()),
      limiter: createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT),
      rateKey: `visma_eekonomi:test:${Math.random()}`,
      maxRetries: 0,
      journal: {
        ...journal,
        async begin(...args) {
          const record = await journal.begin(...args);
          // Visma answers the payment; every read of vouchers after its ask fails.
          if (args[0] === 'payment') sim.faults.failNext(10, 503, { method: 'GET', path: '/vouchers' });
          return record;
        },
      },
    });
    const number = (await p.invoices.create(invoiceFields('1005'), { externalRef: 'inv-pay-unread', firstAttempt: true })).number;
    const invoice = [...sim.store.invoices.values()].find((i) => String(i.InvoiceNumber) === number) as VInvoice;
    const asked = { paymentDate: '2026-05-24', amountOre: 30_000 };
    expect(
      await kind(p.invoices.registerPayment(number, asked, { externalRef: 'pay-unread', firstAttempt: true })),
    ).toMatchObject({
      kind: 'unavailable',
    });
    expect(invoice.Payments).toHaveLength(1);
    sim.faults.reset();
    const again = await p.invoices.registerPayment(number, asked, { externalRef: 'pay-unread' });
    expect(invoice.Payments).toHaveLength(1);
    expect(again).toMatchObject({ invoiceNumber: number, ...asked, number: expect.stringMatching(/^C\d+$/) });
    expect((await journal.find('payment', 'pay-unread'))?.answer).toBe(invoice.Payments[0]?.VoucherId);
  });

  it("says in the reader's language when the company has no cheque account, or several and no default", async () => {
    const saved = sim.store.bankAccounts.map((b) => ({ ...b }));
    try {
      const number = (await provider().invoices.create(invoiceFields('1007'), { externalRef: 'inv-bank' })).number;
      for (const b of sim.store.bankAccounts) if (b.BankAccountType === 1) b.IsActive = false;
      expect(
        await kind(
          provider().invoices.registerPayment(
            number,
            { paymentDate: '2026-05-21', amountOre: 100 },
            { externalRef: 'pay-nobank' },
          ),
        ),
      ).toMatchObject({ kind: 'validation', key: 'accounting.visma.noBankAccount' });
      sim.store.bankAccounts.splice(0, sim.store.bankAccounts.length, ...saved.map((b) => ({ ...b })));
      sim.store.bankAccounts.push({
        ...(saved[0] as (typeof saved)[number]),
        Id: '6a1b7c2d-0000-4000-a000-000000000001',
        Name: 'Klubbkonto',
        IsDefaultChequeAccount: false,
      });
      for (const b of sim.store.bankAccounts) b.IsDefaultChequeAccount = false;
      const several = await kind(
        provider().invoices.registerPayment(
          number,
          { paymentDate: '2026-05-21', amountOre: 100 },
          { externalRef: 'pay-several' },
        ),
      );
      expect(several).toMatchObject({ kind: 'validation', key: 'accounting.visma.severalBankAccounts' });
      expect((several.params as { accounts: string }).accounts).toBe('Företagskonto, Klubbkonto');
    } finally {
      sim.store.bankAccounts.splice(0, sim.store.bankAccounts.length, ...saved);
    }
  });

  it('counts its requests per company and endpoint, as Visma limits them', async () => {
    const keys: string[] = [];
    const limiter = createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT);
    const p = createVismaEekonomiProvider({
      apiBaseUrl: sim.apiBaseUrl,
      auth: tokenSource(sim.grantConsent()),
      limiter: {
        acquire(key, signal) {
          keys.push(key);
          return limiter.acquire(key, signal);
        },
      },
      rateKey: 'visma_eekonomi:test:company:1',
    });
    await p.customers.get('1001');
    await p.articles.get('S201');
    expect(keys).toContain('visma_eekonomi:test:company:1:customers');
    expect(keys).toContain('visma_eekonomi:test:company:1:articles');
  });

  describe('after a restart', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('finds a payment whose answer was lost before the restart, and does not register it twice', async () => {
      const org = await createOrganisation(t.app);
      const limiter = createRateLimiter(database.db, VISMA_EEKONOMI_RATE_LIMIT);
      // Each process builds its provider with the club account's journal (a table); the retry
      // comes ten minutes after the lost answer, as a job's next run would.
      const journal = databaseRequestJournal(t.app.db, org, { clubAccountId: org.clubAccountId, provider: 'visma_eekonomi' });
      const restarted = (minutesLater: number, afterAsk?: () => void) =>
        createVismaEekonomiProvider({
          apiBaseUrl: sim.apiBaseUrl,
          auth: tokenSource(sim.grantConsent()),
          limiter,
          rateKey: 'visma_eekonomi:test:restart',
          retryBaseMs: 20,
          maxRetries: 0,
          now: () => new Date(Date.now() + minutesLater * 60_000),
          journal: {
            ...journal,
            async begin(...args) {
              const record = await journal.begin(...args);
              afterAsk?.();
              return record;
            },
          },
        });
      const number = (await restarted(0).invoices.create(invoiceFields('1003'), { externalRef: 'inv-restart' })).number;
      const invoice = [...sim.store.invoices.values()].find((i) => String(i.InvoiceNumber) === number);
      const asked = { paymentDate: '2026-05-22', amountOre: 20_000 };

      // Visma records the payment, the answer is lost, and the look-up after it fails too: the process stops.
      sim.faults.crashAfterCreate(1, { path: '/payments' });
      const first = restarted(0, () => sim.faults.failNext(10, 503, { method: 'GET', path: '/vouchers' }));
      expect(
        await kind(first.invoices.registerPayment(number, asked, { externalRef: 'pay-restart', firstAttempt: true })),
      ).toMatchObject({ kind: 'unavailable' });
      expect(invoice?.Payments).toHaveLength(1);
      sim.faults.reset();

      const posts = () => sim.store.requestLog.filter((r) => r.method === 'POST' && r.path.includes('/payments')).length;
      const postsBefore = posts();
      const payment = await restarted(10).invoices.registerPayment(number, asked, { externalRef: 'pay-restart' });
      expect(posts()).toBe(postsBefore);
      expect(invoice?.Payments).toHaveLength(1);
      expect(payment).toMatchObject({ invoiceNumber: number, amountOre: 20_000, paymentDate: '2026-05-22' });
      expect(payment.number).toMatch(/^C\d+$/);
    });
  });

  it('has no contracts, and says so when asked to make one', async () => {
    const p = provider();
    expect(await p.contracts.list()).toMatchObject({ items: [], total: 0 });
    expect(await kind(p.contracts.finish('1'))).toMatchObject({
      key: 'accounting.visma.notSupported',
      params: { feature: 'accounting.visma.feature.contracts' },
    });
  });
});
