import { setTimeout as sleep } from 'node:timers/promises';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearlyContractFields } from '../../../test/fixtures/accounting-fields';
import { memoryTokenSource } from '../../../test/fixtures/token-source';
import { createOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseRequestJournal } from '../../modules/accounting/connection/request-journal.repository';
import type { AccessTokenSource, TokenSet } from '../accounting/credentials';
import { AccountingError } from '../accounting/errors';
import type { AccountingProvider, CustomerFields, InvoiceFields } from '../accounting/provider';
import { createRateLimiter, FORTNOX_RATE_LIMIT, type RateLimiter } from '../accounting/rate-limiter';
import { FortnoxClient } from './client';
import { createFortnoxOAuth, type FortnoxOAuth } from './oauth';
import { isValidLuhn } from './ocr';
import { articleNumberFor, createFortnoxProvider } from './provider';
import { type FortnoxSimulator, SIM_DEFAULT_CLIENT, startFortnoxSimulator } from './simulator/index';

const TENANT = '1234567';
const OTHER_TENANT = '2222222';

let t: TestApp;
let sim: FortnoxSimulator;
let limiter: RateLimiter;
let oauth: FortnoxOAuth;

const memoryTokens = (initial: TokenSet) => memoryTokenSource(initial, (refreshToken) => oauth.refresh(refreshToken));

function tokensFor(tenantId: string): TokenSet {
  const issued = sim.issueTokens(tenantId);
  return {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token ?? null,
    expiresAt: new Date(Date.now() + 3_600_000),
    scope: issued.scope,
  };
}

function providerFor(tenantId = TENANT, extra: { timeoutMs?: number; auth?: AccessTokenSource } = {}): AccountingProvider {
  return createFortnoxProvider({
    apiBaseUrl: sim.apiBaseUrl,
    auth: extra.auth ?? memoryTokens(tokensFor(tenantId)),
    limiter,
    rateKey: `fortnox:${tenantId}`,
    timeoutMs: extra.timeoutMs ?? 10_000,
    backoffBaseMs: 50,
  });
}

async function refusal(promise: Promise<unknown>): Promise<AccountingError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
}

const statuses = (from: number) => sim.log.slice(from).map((entry) => entry.status);
/** The requests Fortnox was sent since `from`, as `METHOD /path`. */
const requests = (from: number) => sim.log.slice(from).map((entry) => `${entry.method} ${entry.path}`);

const invoiceFields = (rows: InvoiceFields['rows'], customerNumber = '1001'): InvoiceFields => ({
  customerNumber,
  invoiceDate: sim.store.today(),
  dueDate: null,
  termsOfPayment: '30',
  invoiceType: 'INVOICE',
  currency: 'SEK',
  yourReference: null,
  ourReference: 'Kansliet',
  remarks: null,
  costCenter: null,
  project: null,
  rows,
});

const row = (priceOre: number, vatPercent: number, quantityHundredths = 100, articleNumber: string | null = null) => ({
  articleNumber,
  description: 'Greenfee 18 hål',
  quantityHundredths,
  unit: 'st',
  priceOre,
  vatPercent,
  discountBasisPoints: 0,
  costCenter: null,
  project: null,
});

const emptyAddress = { address1: null, address2: null, zipCode: null, city: null, countryCode: null };
const customerFields = (name: string, overrides: Partial<CustomerFields> = {}): CustomerFields => ({
  name,
  type: 'private',
  organisationNumber: null,
  active: true,
  address: { ...emptyAddress, address1: 'Golfvägen 3', zipCode: '741 91', city: 'Knivsta', countryCode: 'SE' },
  deliveryAddress: emptyAddress,
  phone1: null,
  phone2: null,
  email: null,
  emailInvoice: null,
  www: null,
  fax: null,
  yourReference: null,
  ourReference: null,
  notes: null,
  termsOfPayment: '30',
  termsOfDelivery: null,
  currency: 'SEK',
  priceList: null,
  invoiceDiscountBasisPoints: null,
  invoiceAdministrationFeeOre: null,
  invoiceFreightOre: null,
  vatType: 'SEVAT',
  salesAccount: null,
  costCenter: null,
  project: null,
  defaultDelivery: 'email',
  invoiceTemplate: null,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  limiter = createRateLimiter(t.app.db, FORTNOX_RATE_LIMIT);
  sim = await startFortnoxSimulator({
    tenants: [
      { tenantId: TENANT, companyName: 'Fairway Demo GK', organisationNumber: '802004-1234' },
      { tenantId: OTHER_TENANT, companyName: 'Gräsvallens GK', organisationNumber: '802111-2222', seed: 'empty' },
    ],
  });
  oauth = createFortnoxOAuth({
    authBaseUrl: sim.authBaseUrl,
    clientId: SIM_DEFAULT_CLIENT.clientId,
    clientSecret: SIM_DEFAULT_CLIENT.clientSecret,
  });
});

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

describe('reading', () => {
  it('pages through customers with MetaInformation and reads the company', async () => {
    const fortnox = providerFor();
    const numbers: string[] = [];
    for (let page = 1; ; page++) {
      const result = await fortnox.customers.list({ page, pageSize: 25 });
      expect(result).toMatchObject({ page, totalPages: 3, total: 60 });
      numbers.push(...result.items.map((c) => c.number));
      if (page === result.totalPages) break;
    }
    expect(new Set(numbers).size).toBe(60);
    const company = await fortnox.companyInformation();
    expect(company).toMatchObject({ name: 'Fairway Demo GK', organisationNumber: '802004-1234', databaseNumber: TENANT });
    const costCenters = await fortnox.codeLists.costCenters();
    expect(costCenters.find((c) => c.code === 'GAML')).toMatchObject({ active: false });
    expect((await fortnox.codeLists.termsOfPayment()).find((x) => x.code === '30')).toMatchObject({ days: 30 });
  });

  it('maps a whole invoice: öre, hundredths, VAT, OCR, payments', async () => {
    const fortnox = providerFor();
    const paid = [...sim.store.tenant(TENANT).invoices.values()]
      .map((s) => s.doc)
      .find((i) => i.Booked && i.Balance === 0 && i.Credit === 'false' && i.CreditInvoiceReference === '0' && i.Total > 0)!;
    const invoice = await fortnox.invoices.get(paid.DocumentNumber);
    expect(invoice.totalOre).toBe(Math.round(paid.Total * 100));
    expect(invoice.balanceOre).toBe(0);
    expect(invoice.booked).toBe(true);
    expect(invoice.payments.reduce((sum, p) => sum + p.amountOre, 0)).toBe(invoice.totalOre);
    expect(invoice.rows[0].quantityHundredths % 100).toBe(0);
    expect(isValidLuhn(invoice.ocr!)).toBe(true);
    expect(invoice.voucherNumbers[0]).toMatch(/^B\d+$/);
  });

  it('fetches incrementally: only what changed since the given moment', async () => {
    const fortnox = providerFor();
    await sleep(1100); // lastmodified has whole seconds
    const since = new Date().toISOString();
    await sleep(1100);
    await fortnox.customers.update('1002', { phone1: '070-111 22 33' });
    const changed = await fortnox.customers.list({ modifiedSince: since });
    expect(changed.items.map((c) => c.number)).toContain('1002');
    expect(changed.total).toBeLessThan(5);
    expect((await fortnox.customers.list()).total).toBe(60);
  });
});

describe('errors', () => {
  it('maps not-found, account, number-in-use, booked and unknown Fortnox errors to localised kinds', async () => {
    const fortnox = providerFor();
    const missing = await refusal(fortnox.customers.get('999999'));
    expect(missing).toMatchObject({ kind: 'not_found', messageKey: 'accounting.customerMissing', statusCode: 404 });
    expect((await refusal(fortnox.invoices.get('999999'))).messageKey).toBe('accounting.invoiceMissing');
    expect((await refusal(fortnox.contracts.get('999999'))).messageKey).toBe('accounting.contractMissing');

    const account = await refusal(fortnox.articles.update('110', { salesAccountSe: '9999' }));
    expect(account).toMatchObject({ kind: 'validation', messageKey: 'accounting.accountNotFound', providerCode: 2001304 });
    expect(account.toBody('en').eng_message).toBe('Account 9999 does not exist in the chart of accounts.');

    const client = new FortnoxClient({
      apiBaseUrl: sim.apiBaseUrl,
      auth: memoryTokens(tokensFor(TENANT)),
      limiter,
      rateKey: `fortnox:${TENANT}`,
    });
    const used = await refusal(
      client.request({
        method: 'POST',
        path: 'customers',
        body: { Customer: { CustomerNumber: '1001', Name: 'Dubblett' } },
        safe: false,
      }),
    );
    expect(used).toMatchObject({ kind: 'conflict', messageKey: 'accounting.customerNumberInUse', providerCode: 2000637 });

    const unknownField = await refusal(
      client.request({
        method: 'POST',
        path: 'invoices',
        body: { Invoice: { CustomerNumber: '1001', InvoiceRows: [{ Description: 'x', Price: 1, VAT: 7 }] } },
        safe: false,
      }),
    );
    expect(unknownField).toMatchObject({ kind: 'validation', messageKey: 'accounting.rejected' });
    expect(unknownField.toBody('sv').message).toContain('Ogiltig momssats');

    const customerInUse = await refusal(
      fortnox.customers.create({ ...customerFields('Någon Annan'), number: '1001' }, { externalRef: 'fw-cust-x' }),
    );
    expect(customerInUse.messageKey).toBe('accounting.customerNumberInUse');
    const articleInUse = await refusal(
      fortnox.articles.create(
        { ...(await fortnox.articles.get('110')), description: 'Annan artikel', number: '110' },
        { externalRef: 'fw-art-x' },
      ),
    );
    expect(articleInUse.messageKey).toBe('accounting.articleNumberInUse');
  });

  it('answers licence_missing when the company has no API licence', async () => {
    const tenant = sim.store.tenant(OTHER_TENANT);
    tenant.apiLicence = false;
    try {
      const error = await refusal(providerFor(OTHER_TENANT).customers.list());
      expect(error).toMatchObject({ kind: 'licence_missing', providerCode: 2001103, needsAttention: true });
    } finally {
      tenant.apiLicence = true;
    }
  });
});

describe('faults', () => {
  it('waits out 429 with Retry-After and then succeeds', async () => {
    const fortnox = providerFor();
    const from = sim.log.length;
    sim.faults.rateLimit(2, { retryAfterSeconds: 1 });
    const started = Date.now();
    const customer = await fortnox.customers.get('1003');
    expect(customer.number).toBe('1003');
    expect(statuses(from)).toEqual([429, 429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('retries reads after 5xx and timeouts, and gives up with a transient error', async () => {
    const fortnox = providerFor(TENANT, { timeoutMs: 300 });
    let from = sim.log.length;
    sim.faults.serverError(2);
    expect((await fortnox.articles.get('140')).vatPercent).toBe(25);
    expect(statuses(from)).toEqual([503, 503, 200]);

    from = sim.log.length;
    sim.faults.hang(1, { path: /\/3\/articles\/141$/ });
    expect((await fortnox.articles.get('141')).number).toBe('141');
    expect(statuses(from)).toEqual([0, 200]);

    sim.faults.serverError(10, { match: { path: /\/3\/articles\/142$/ } });
    const gaveUp = await refusal(fortnox.articles.get('142'));
    expect(gaveUp).toMatchObject({ kind: 'unavailable', transient: true });
    sim.faults.clear();
  });

  it('refreshes an expired token once and retries; revoked consent is consent_revoked', async () => {
    const tokens = memoryTokens(tokensFor(OTHER_TENANT));
    const fortnox = providerFor(OTHER_TENANT, { auth: tokens });
    const before = tokens.current();
    sim.faults.expireTokens(OTHER_TENANT);
    const from = sim.log.length;
    expect((await fortnox.companyInformation()).databaseNumber).toBe(OTHER_TENANT);
    expect(statuses(from)).toEqual([401, 200]);
    expect(tokens.current().accessToken).not.toBe(before.accessToken);
    expect(tokens.current().refreshToken).not.toBe(before.refreshToken);

    sim.faults.revokeConsent(OTHER_TENANT);
    const revoked = await refusal(fortnox.companyInformation());
    expect(revoked).toMatchObject({ kind: 'consent_revoked', messageKey: 'accounting.consentRevoked', needsAttention: true });
    expect(revoked.toBody('en').eng_message).toBe('The connection to Fortnox has been lost. Reconnect it under Integrations.');
    sim.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, OTHER_TENANT);
  });

  it('a refresh token is used once only: the second use is consent_revoked', async () => {
    const issued = tokensFor(TENANT);
    const next = await oauth.refresh(issued.refreshToken ?? '');
    expect(next.refreshToken).not.toBe(issued.refreshToken);
    expect((await refusal(oauth.refresh(issued.refreshToken ?? ''))).kind).toBe('consent_revoked');
    const service = await refusal(oauth.clientCredentials(OTHER_TENANT));
    expect(service.kind).toBe('consent_revoked');
    sim.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, OTHER_TENANT, { service: true });
    const granted = await oauth.clientCredentials(OTHER_TENANT);
    expect(granted.refreshToken).toBeNull();
    expect(granted.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('crash after create: the retry finds the first document, so exactly one exists', async () => {
    const fortnox = providerFor();
    sim.faults.crashAfterCreate(1, { path: /\/3\/invoices$/ });
    const invoice = await fortnox.invoices.create(invoiceFields([row(45_000, 6)]), { externalRef: 'fw-inv-crash-1' });
    expect(sim.store.findByExternalRef(TENANT, 'invoices', 'fw-inv-crash-1')).toHaveLength(1);
    expect(invoice).toMatchObject({ externalRef: 'fw-inv-crash-1', totalOre: 47_700 });
    // And calling create again with the same reference does not make a second one either.
    expect((await fortnox.invoices.create(invoiceFields([row(45_000, 6)]), { externalRef: 'fw-inv-crash-1' })).number).toBe(
      invoice.number,
    );
    expect(sim.store.findByExternalRef(TENANT, 'invoices', 'fw-inv-crash-1')).toHaveLength(1);

    sim.faults.crashAfterCreate(1, { path: /\/3\/customers$/ });
    const customer = await fortnox.customers.create(customerFields('Signe Krasch'), { externalRef: 'fw-cust-crash-1' });
    expect(sim.store.findByExternalRef(TENANT, 'customers', 'fw-cust-crash-1')).toHaveLength(1);
    expect(customer.externalRef).toBe('fw-cust-crash-1');

    sim.faults.serverError(1, { match: { method: 'POST', path: /\/3\/contracts$/ } });
    const contract = await fortnox.contracts.create(
      yearlyContractFields('1004', sim.store.today(), [row(48_000, 25, 100, '131')]),
      { externalRef: 'fw-contract-5xx-1' },
    );
    expect(sim.store.findByExternalRef(TENANT, 'contracts', 'fw-contract-5xx-1')).toHaveLength(1);
    expect(contract.externalRef).toBe('fw-contract-5xx-1');

    const articleRef = 'fw-article-crash-1';
    sim.faults.crashAfterCreate(1, { path: /\/3\/articles$/ });
    const { number: _number, externalRef: _ref, modifiedAt: _at, ...tees } = await fortnox.articles.get('143');
    const article = await fortnox.articles.create({ ...tees, description: 'Pitchgaffel' }, { externalRef: articleRef });
    expect(article.number).toBe(articleNumberFor(articleRef));
    expect(sim.store.tenant(TENANT).articles.has(article.number)).toBe(true);
  });

  it('keeps 25 requests per 5 s per tenant through the shared limiter: no 429 from Fortnox', async () => {
    const key = `fortnox:${OTHER_TENANT}`;
    const auth = memoryTokens(tokensFor(OTHER_TENANT));
    // Two providers sharing the key; no retries, so a single 429 from Fortnox would fail the test.
    const make = () => createFortnoxProvider({ apiBaseUrl: sim.apiBaseUrl, auth, limiter, rateKey: key, maxRetries: 0 });
    const [one, two] = [make(), make()];
    const from = sim.log.length;
    const started = Date.now();
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).companyInformation()));
    const elapsed = Date.now() - started;
    const answered = sim.log.slice(from).filter((e) => e.tenantId === OTHER_TENANT);
    expect(answered).toHaveLength(30);
    expect(answered.every((e) => e.status === 200)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(5_000);
  }, 30_000);
});

describe('invoice actions in their states', () => {
  it('unbooked: update and cancel allowed; credit and payment refused; cancelled refuses the rest', async () => {
    const fortnox = providerFor();
    const invoice = await fortnox.invoices.create(invoiceFields([row(10_000, 25)]), { externalRef: 'fw-inv-state-1' });
    expect(invoice).toMatchObject({ booked: false, netOre: 10_000, vatOre: 2_500, totalOre: 12_500, balanceOre: 12_500 });
    const updated = await fortnox.invoices.update(invoice.number, { rows: [row(20_000, 12, 150)] });
    expect(updated).toMatchObject({ netOre: 30_000, vatOre: 3_600, totalOre: 33_600 });
    expect((await refusal(fortnox.invoices.credit(invoice.number))).messageKey).toBe('accounting.fortnox.invoiceNotBooked');
    expect(
      (
        await refusal(
          fortnox.invoices.registerPayment(
            invoice.number,
            { paymentDate: sim.store.today(), amountOre: 100 },
            { externalRef: 'fw-pay-x' },
          ),
        )
      ).messageKey,
    ).toBe('accounting.fortnox.invoiceNotBooked');

    const cancelled = await fortnox.invoices.cancel(invoice.number);
    expect(cancelled).toMatchObject({ cancelled: true, balanceOre: 0 });
    expect((await refusal(fortnox.invoices.bookkeep(invoice.number))).messageKey).toBe('accounting.fortnox.invoiceCancelled');
    expect((await refusal(fortnox.invoices.send(invoice.number, 'email'))).messageKey).toBe(
      'accounting.fortnox.invoiceCancelled',
    );
    expect((await refusal(fortnox.invoices.cancel(invoice.number))).messageKey).toBe('accounting.fortnox.invoiceCancelled');
    expect((await refusal(fortnox.invoices.update(invoice.number, { remarks: 'x' }))).messageKey).toBe(
      'accounting.fortnox.invoiceCancelled',
    );
  });

  it('booked: sent, paid and credited; update, cancel, second booking and second credit refused', async () => {
    const fortnox = providerFor();
    const customer = await fortnox.customers.create(customerFields('Greta Grön', { email: 'greta@example.se' }), {
      externalRef: 'fw-cust-greta',
    });
    const invoice = await fortnox.invoices.create(invoiceFields([row(56_604, 6, 200, '110')], customer.number), {
      externalRef: 'fw-inv-state-2',
    });
    const booked = await fortnox.invoices.bookkeep(invoice.number);
    expect(booked.booked).toBe(true);
    expect(booked.voucherNumbers).toHaveLength(1);
    expect((await refusal(fortnox.invoices.bookkeep(invoice.number))).messageKey).toBe('accounting.invoiceBooked');
    expect((await refusal(fortnox.invoices.update(invoice.number, { remarks: 'x' }))).messageKey).toBe(
      'accounting.invoiceBooked',
    );
    expect((await refusal(fortnox.invoices.cancel(invoice.number))).messageKey).toBe('accounting.invoiceBooked');

    // A send answers the invoice as it now is: one request, no read-back.
    let from = sim.log.length;
    expect(await fortnox.invoices.send(invoice.number, 'email')).toMatchObject({
      number: invoice.number,
      sent: true,
      deliveryMethod: 'email',
      booked: true,
      totalOre: booked.totalOre,
      rows: booked.rows,
    });
    expect(requests(from)).toEqual([`GET /3/invoices/${invoice.number}/email`]);
    expect((await refusal(fortnox.invoices.send(invoice.number, 'einvoice'))).messageKey).toBe(
      'accounting.fortnox.einvoiceNotPossible',
    );
    from = sim.log.length;
    expect(await fortnox.invoices.send(invoice.number, 'externalprint')).toMatchObject({ deliveryMethod: 'externalprint' });
    expect(requests(from)).toEqual([`PUT /3/invoices/${invoice.number}/externalprint`]);

    const half = Math.round(booked.totalOre / 2);
    sim.faults.crashAfterCreate(1, { path: /\/3\/invoicepayments$/ });
    const payment = await fortnox.invoices.registerPayment(
      invoice.number,
      { paymentDate: sim.store.today(), amountOre: half },
      { externalRef: 'fw-pay-1' },
    );
    expect(payment).toMatchObject({ invoiceNumber: invoice.number, amountOre: half });
    expect(
      [...sim.store.tenant(TENANT).invoicepayments.values()].filter((p) => String(p.doc.InvoiceNumber) === invoice.number),
    ).toHaveLength(1);
    const partly = await fortnox.invoices.get(invoice.number);
    expect(partly.balanceOre).toBe(booked.totalOre - half);
    expect(partly.payments).toHaveLength(1);

    const creditNote = await fortnox.invoices.credit(invoice.number);
    expect(creditNote).toMatchObject({
      isCredit: true,
      creditedInvoiceNumber: invoice.number,
      totalOre: -booked.totalOre,
      balanceOre: -half,
    });
    expect(await fortnox.invoices.get(invoice.number)).toMatchObject({ credited: true, balanceOre: 0 });
    expect((await refusal(fortnox.invoices.credit(invoice.number))).messageKey).toBe('accounting.fortnox.invoiceAlreadyCredited');
    expect((await refusal(fortnox.invoices.credit(creditNote.number))).messageKey).toBe('accounting.fortnox.invoiceIsCredit');
  });

  it('a payment whose answer was lost before a restart is found on the retry, not registered twice', async () => {
    const org = await createOrganisation(t.app);
    // The portal's journal (a table), as each new provider instance of the club account gets it.
    const journal = () => databaseRequestJournal(t.app.db, org, { clubAccountId: org.clubAccountId, provider: 'fortnox' });
    const restarted = () =>
      createFortnoxProvider({
        apiBaseUrl: sim.apiBaseUrl,
        auth: memoryTokens(tokensFor(TENANT)),
        limiter,
        rateKey: `fortnox:${TENANT}`,
        timeoutMs: 10_000,
        backoffBaseMs: 50,
        createAttempts: 1,
        journal: journal(),
      });
    const first = restarted();
    const invoice = await first.invoices.create(invoiceFields([row(40_000, 6, 100, '110')]), { externalRef: 'fw-inv-restart' });
    await first.invoices.bookkeep(invoice.number);
    const paymentsOfInvoice = () =>
      [...sim.store.tenant(TENANT).invoicepayments.values()].filter((p) => String(p.doc.InvoiceNumber) === invoice.number);
    // An earlier payment of the same amount and date on the invoice is not ours.
    await first.invoices.registerPayment(
      invoice.number,
      { paymentDate: sim.store.today(), amountOre: 10_000 },
      { externalRef: 'fw-pay-restart-0' },
    );

    // Fortnox registers the payment, the answer is lost, and the process stops before trying again.
    sim.faults.crashAfterCreate(1, { path: /\/3\/invoicepayments$/ });
    await refusal(
      first.invoices.registerPayment(
        invoice.number,
        { paymentDate: sim.store.today(), amountOre: 10_000 },
        { externalRef: 'fw-pay-restart-1' },
      ),
    );
    expect(paymentsOfInvoice()).toHaveLength(2);

    // A new process (new provider, same table) retries the request.
    const from = sim.log.length;
    const payment = await restarted().invoices.registerPayment(
      invoice.number,
      { paymentDate: sim.store.today(), amountOre: 10_000 },
      { externalRef: 'fw-pay-restart-1' },
    );
    expect(requests(from).filter((r) => r === 'POST /3/invoicepayments')).toEqual([]);
    expect(paymentsOfInvoice()).toHaveLength(2);
    const ours = paymentsOfInvoice()
      .map((p) => String(p.doc.Number))
      .sort((a, b) => Number(a) - Number(b))[1];
    expect(payment).toMatchObject({ number: ours, invoiceNumber: invoice.number, amountOre: 10_000 });
    expect((await journal().find('payment', 'fw-pay-restart-1'))?.answer).toBe(ours);

    // Asked once more after the answer was recorded: read back, still no second payment.
    expect(
      await restarted().invoices.registerPayment(
        invoice.number,
        { paymentDate: sim.store.today(), amountOre: 10_000 },
        { externalRef: 'fw-pay-restart-1' },
      ),
    ).toMatchObject({ number: ours });
    expect(paymentsOfInvoice()).toHaveLength(2);
  });

  it('e-mail needs an address; the PDF is a PDF of the invoice', async () => {
    const fortnox = providerFor();
    const customer = await fortnox.customers.create(customerFields('Utan Epost'), { externalRef: 'fw-cust-noemail' });
    const invoice = await fortnox.invoices.create(invoiceFields([row(10_000, 25)], customer.number), {
      externalRef: 'fw-inv-state-3',
    });
    expect((await refusal(fortnox.invoices.send(invoice.number, 'email'))).messageKey).toBe('accounting.fortnox.missingEmail');
    // Print answers the PDF to print, not the invoice: that one send is read back.
    const from = sim.log.length;
    expect(await fortnox.invoices.send(invoice.number, 'print')).toMatchObject({ sent: true, deliveryMethod: 'print' });
    expect(requests(from)).toEqual([`GET /3/invoices/${invoice.number}/print`, `GET /3/invoices/${invoice.number}`]);
    const pdf = await fortnox.invoices.pdf(invoice.number);
    expect(Buffer.from(pdf.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const parser = new PDFParse({ data: pdf });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`Faktura ${invoice.number}`);
    expect(text).toContain(invoice.ocr!);
  });

  it('a send whose answer is lost is read back, not sent again', async () => {
    const fortnox = providerFor();
    const customer = await fortnox.customers.create(customerFields('Sture Svar', { email: 'sture@example.se' }), {
      externalRef: 'fw-cust-lost-send',
    });
    const invoice = await fortnox.invoices.create(invoiceFields([row(20_000, 25)], customer.number), {
      externalRef: 'fw-inv-lost-send',
    });
    await fortnox.invoices.bookkeep(invoice.number);
    sim.faults.dropAnswer(1, { path: /\/email$/ });
    const from = sim.log.length;
    expect(await fortnox.invoices.send(invoice.number, 'email')).toMatchObject({ sent: true, deliveryMethod: 'email' });
    expect(requests(from)).toEqual([`GET /3/invoices/${invoice.number}/email`, `GET /3/invoices/${invoice.number}`]);
  });

  it('maps list items by their own names (Phone, Invoiceinterval) and names what they leave out', async () => {
    const fortnox = providerFor();
    // CONTRACT.md rule L1: a customer list item has `Phone`, a contract list item `Invoiceinterval`.
    const customers = (await fortnox.customers.list({ pageSize: 500 })).items;
    const withPhone = customers.filter((c) => c.phone1 !== null);
    expect(withPhone.length).toBeGreaterThan(0);
    for (const listed of withPhone.slice(0, 3)) expect((await fortnox.customers.get(listed.number)).phone1).toBe(listed.phone1);
    const contracts = (await fortnox.contracts.list({ pageSize: 500 })).items;
    const intervals = new Set<number>();
    for (const listed of contracts) {
      const whole = await fortnox.contracts.get(listed.number);
      expect(listed.invoiceInterval, listed.number).toBe(whole.invoiceInterval);
      intervals.add(whole.invoiceInterval);
    }
    // The demo's contracts are not all invoiced yearly: reading `InvoiceInterval` would make them so.
    expect([...intervals].some((i) => i !== 12)).toBe(true);
    expect(fortnox.customers.summaryOmits).toEqual(expect.arrayContaining(['type', 'active']));
    expect(fortnox.articles.summaryOmits).toEqual(expect.arrayContaining(['type', 'active', 'stockItem', 'discontinued']));
    expect(fortnox.invoices.summaryOmits).toEqual(expect.arrayContaining(['isCredit', 'credited', 'contractNumber']));
    expect(fortnox.contracts.summaryOmits).toEqual(expect.arrayContaining(['contractDate', 'externalRef']));
  });

  it('contracts: create an invoice for the next period, finish, then refuse', async () => {
    const fortnox = providerFor();
    // List items carry no reference (CONTRACT.md rule L1): the simulator names the contract.
    const [stored] = sim.store.findByExternalRef(TENANT, 'contracts', 'fw-contract-5xx-1') as { DocumentNumber: string }[];
    const contract = await fortnox.contracts.get(String(stored.DocumentNumber));
    const made = await fortnox.contracts.createInvoice(contract.number);
    expect(made).toMatchObject({ contractNumber: contract.number, customerNumber: '1004', totalOre: 60_000 });
    expect((await fortnox.contracts.get(contract.number)).lastInvoiceDate).toBe(contract.periodStart);
    expect((await fortnox.contracts.finish(contract.number)).finished).toBe(true);
    expect((await refusal(fortnox.contracts.createInvoice(contract.number))).messageKey).toBe(
      'accounting.fortnox.contractFinished',
    );
    expect((await refusal(fortnox.contracts.update(contract.number, { remarks: 'x' }))).messageKey).toBe(
      'accounting.fortnox.contractFinished',
    );
    expect((await refusal(fortnox.contracts.finish(contract.number))).messageKey).toBe('accounting.fortnox.contractFinished');
  });
});
