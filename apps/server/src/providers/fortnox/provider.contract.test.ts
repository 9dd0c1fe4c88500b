import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearlyContractFields } from '../../../test/fixtures/accounting-fields';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { AccessTokenSource } from '../accounting/credentials';
import { type AccountingProvider, type InvoiceFields, serviceArticle } from '../accounting/provider';
import { createRateLimiter, FORTNOX_RATE_LIMIT, type RateLimiter } from '../accounting/rate-limiter';
import { FORTNOX_SCOPES } from './oauth';
import { createFortnoxProvider } from './provider';
import { type FortnoxSimulator, startFortnoxSimulator } from './simulator/index';

/**
 * The client against what Fortnox publishes (CONTRACT.md): each test here failed with the client
 * as it was before the strict simulator, each for one defect.
 */

const TENANT = '3333333';

let t: TestApp;
let sim: FortnoxSimulator;
let limiter: RateLimiter;

function providerFor(scope?: string): AccountingProvider {
  const issued = sim.auth.issue('fairway-sim-client', TENANT, scope);
  const auth: AccessTokenSource = {
    get: async () => issued.access_token,
    refreshAfterRejection: async () => issued.access_token,
  };
  return createFortnoxProvider({
    apiBaseUrl: sim.apiBaseUrl,
    auth,
    limiter,
    rateKey: `fortnox:${TENANT}`,
    timeoutMs: 10_000,
    backoffBaseMs: 20,
  });
}

const row = (articleNumber: string | null, priceOre = 10_000) => ({
  articleNumber,
  description: 'Medlemsavgift',
  quantityHundredths: 100,
  unit: 'st',
  priceOre,
  vatPercent: 25,
  discountBasisPoints: 0,
  costCenter: null,
  project: null,
});

const invoiceFields = (customerNumber: string): InvoiceFields => ({
  customerNumber,
  invoiceDate: sim.store.today(),
  dueDate: null,
  termsOfPayment: '30',
  invoiceType: 'INVOICE',
  currency: 'SEK',
  yourReference: null,
  ourReference: null,
  remarks: null,
  costCenter: null,
  project: null,
  rows: [row(null)],
});

const contractFields = (customerNumber: string) => yearlyContractFields(customerNumber, sim.store.today(), [row('ARS', 480_000)]);

let customerA: string;
let customerB: string;

beforeAll(async () => {
  t = await createTestApp();
  limiter = createRateLimiter(t.app.db, FORTNOX_RATE_LIMIT);
  sim = await startFortnoxSimulator({ tenants: [{ tenantId: TENANT, companyName: 'Strikta GK', seed: 'empty' }] });
  const tenant = sim.store.tenant(TENANT);
  customerA = sim.store.createCustomer(tenant, { Name: 'Ada Andersson' }).CustomerNumber;
  customerB = sim.store.createCustomer(tenant, { Name: 'Bo Berg' }).CustomerNumber;
  sim.store.createArticle(tenant, { ArticleNumber: 'ARS', Description: 'Årsavgift', VAT: 25 });
});

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

describe('the Fortnox client keeps to the published contract', () => {
  it('asks for the price scope, which price lists need', async () => {
    expect(FORTNOX_SCOPES.split(' ')).toContain('price');
    // A connection consented with the portal's scopes reads every code list it shows.
    const fortnox = providerFor(FORTNOX_SCOPES);
    expect((await fortnox.codeLists.priceLists()).map((p) => p.code)).toContain('A');
  });

  it('registers a payment with fields a payment has; a lost answer leaves exactly one payment', async () => {
    const fortnox = providerFor();
    const invoice = await fortnox.invoices.create(invoiceFields(customerA), { externalRef: 'fw-pay-inv-1' });
    await fortnox.invoices.bookkeep(invoice.number);
    sim.faults.crashAfterCreate(1, { path: /\/3\/invoicepayments$/ });
    const payment = await fortnox.invoices.registerPayment(
      invoice.number,
      { paymentDate: sim.store.today(), amountOre: 5_000 },
      { externalRef: 'fw-pay-1' },
    );
    expect(payment).toMatchObject({ invoiceNumber: invoice.number, amountOre: 5_000 });
    const payments = [...sim.store.tenant(TENANT).invoicepayments.values()].filter(
      (p) => String(p.doc.InvoiceNumber) === invoice.number,
    );
    expect(payments).toHaveLength(1);
    expect(payments[0].doc.Booked).toBe(true);
  });

  it("reads an invoice's own payments, not those of invoices whose number contains it", async () => {
    const fortnox = providerFor();
    const tenant = sim.store.tenant(TENANT);
    const first = await fortnox.invoices.create(invoiceFields(customerA), { externalRef: 'fw-ilike-1' });
    await fortnox.invoices.bookkeep(first.number);
    await fortnox.invoices.registerPayment(
      first.number,
      { paymentDate: sim.store.today(), amountOre: 1_000 },
      { externalRef: 'p1' },
    );
    // The next invoice's number contains the first's (e.g. 1002 and 10020): ILIKE '%1002%' finds both.
    tenant.next.invoice = Number(`${first.number}0`);
    const second = await fortnox.invoices.create(invoiceFields(customerB), { externalRef: 'fw-ilike-2' });
    expect(second.number).toContain(first.number);
    await fortnox.invoices.bookkeep(second.number);
    await fortnox.invoices.registerPayment(
      second.number,
      { paymentDate: sim.store.today(), amountOre: 2_000 },
      { externalRef: 'p2' },
    );
    const read = await fortnox.invoices.get(first.number);
    expect(read.payments.map((p) => p.amountOre)).toEqual([1_000]);
  });

  it('compares an invoice reference exactly: a reference that contains ours is not ours', async () => {
    const fortnox = providerFor();
    const longer = await fortnox.invoices.create(invoiceFields(customerA), { externalRef: 'fw-ref-12345' });
    const shorter = await fortnox.invoices.create(invoiceFields(customerA), { externalRef: 'fw-ref-1234' });
    expect(shorter.number).not.toBe(longer.number);
    expect(shorter.externalRef).toBe('fw-ref-1234');
  });

  it('creates a contract even when the company has others; a lost answer leaves exactly one', async () => {
    const fortnox = providerFor();
    const other = await fortnox.contracts.create(contractFields(customerB), { externalRef: 'fw-contract-other' });
    const ours = await fortnox.contracts.create(contractFields(customerA), { externalRef: 'fw-contract-ours' });
    expect(ours.number).not.toBe(other.number);
    expect(ours).toMatchObject({ customerNumber: customerA, externalRef: 'fw-contract-ours' });

    sim.faults.crashAfterCreate(1, { path: /\/3\/contracts$/ });
    const again = await fortnox.contracts.create(contractFields(customerA), { externalRef: 'fw-contract-lost' });
    expect(sim.store.findByExternalRef(TENANT, 'contracts', 'fw-contract-lost')).toHaveLength(1);
    expect(again.externalRef).toBe('fw-contract-lost');
  });

  it('sends the end Fortnox requires: start + length − 1 day when the portal left it empty', async () => {
    const fortnox = providerFor();
    const quarterly = await fortnox.contracts.create(
      { ...contractFields(customerA), periodStart: '2026-03-01', contractDate: '2026-03-01', invoiceInterval: 3 },
      { externalRef: 'fw-contract-quarterly' },
    );
    // CONTRACT.md rule R2: the simulator refuses a contract without PeriodEnd.
    expect(quarterly.periodEnd).toBe('2027-02-28');
    const given = await fortnox.contracts.create(
      {
        ...contractFields(customerB),
        periodStart: '2026-03-01',
        periodEnd: '2026-12-31',
        contractLength: 10,
        invoiceInterval: 1,
      },
      { externalRef: 'fw-contract-given-end' },
    );
    expect(given.periodEnd).toBe('2026-12-31');
  });

  it('invoices a contract whether Fortnox answers the contract or the invoice', async () => {
    const fortnox = providerFor();
    const contract = await fortnox.contracts.create(contractFields(customerA), { externalRef: 'fw-contract-invoice' });
    // The simulator answers { Contract } by default (CONTRACT.md rule A1).
    const made = await fortnox.contracts.createInvoice(contract.number);
    expect(made).toMatchObject({ contractNumber: contract.number, customerNumber: customerA, totalOre: 600_000 });

    const invoiceAnswer = await startFortnoxSimulator({
      tenants: [{ tenantId: '4444444', companyName: 'Svarande GK', seed: 'empty' }],
      contractInvoiceAnswer: 'invoice',
    });
    try {
      const tenant = invoiceAnswer.store.tenant('4444444');
      const customer = invoiceAnswer.store.createCustomer(tenant, { Name: 'Cecilia Ceder' }).CustomerNumber;
      invoiceAnswer.store.createArticle(tenant, { ArticleNumber: 'ARS', Description: 'Årsavgift', VAT: 25 });
      const issued = invoiceAnswer.issueTokens('4444444');
      const other = createFortnoxProvider({
        apiBaseUrl: invoiceAnswer.apiBaseUrl,
        auth: { get: async () => issued.access_token, refreshAfterRejection: async () => issued.access_token },
        limiter,
        rateKey: 'fortnox:4444444',
      });
      const second = await other.contracts.create(contractFields(customer), { externalRef: 'fw-contract-invoice-2' });
      expect(await other.contracts.createInvoice(second.number)).toMatchObject({ contractNumber: second.number });
    } finally {
      await invoiceAnswer.close();
    }
  });

  it("writes an article's sales price where Fortnox keeps it (the preselected price list)", async () => {
    const fortnox = providerFor();
    const created = await fortnox.articles.create(
      serviceArticle({ description: 'Range card', unit: 'st', vatPercent: 25, salesPriceOre: 25_000 }),
      { externalRef: 'fw-article-price' },
    );
    expect(created.salesPriceOre).toBe(25_000);
    expect((await fortnox.articles.get(created.number)).salesPriceOre).toBe(25_000);
    expect((await fortnox.articles.update(created.number, { salesPriceOre: 30_000 })).salesPriceOre).toBe(30_000);
  });
});
