import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProtocolClient } from '../../../../visma-connector/src/client';
import { simulatedCompany } from '../../../../visma-connector/src/company/simulated';
import { CompanyStore } from '../../../../visma-connector/src/company/store';
import { Connector } from '../../../../visma-connector/src/connector';
import { addClubAccount, createOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { type ClubTenant, connectorStatus, issueConnectorKey } from '../../modules/accounting/connector/connector.service';
import { connectorWork } from '../../modules/accounting/connector/connector.tables';
import { connectorQueue } from '../../modules/accounting/connector/connector-queue';
import { AccountingError } from '../accounting/errors';
import type { AccountingProvider, CustomerFields, InvoiceFields } from '../accounting/provider';
import { createVismaAdminProvider } from './provider';

/**
 * The provider end to end: the reference connector runs in this process against the test server
 * on a real port, executing work on the simulated Visma Administration company.
 */

let t: TestApp;
let app: App;
let serverUrl: string;
let tenant: ClubTenant;
let key: string;
let store: CompanyStore;
let connector: Connector | null = null;
let provider: AccountingProvider;

/** What the connector said, shown when a wait runs out. */
const connectorLog: string[] = [];

/** Starts the in-process connector and waits until it has registered and claims work. */
async function startConnector() {
  const started = new Connector({
    client: new ProtocolClient({ serverUrl, key }),
    visma: simulatedCompany(store),
    machine: 'KANSLI-PC',
    claimWaitSeconds: 2,
    backoff: { initialMs: 50, maxMs: 200 },
    log: (message) => connectorLog.push(message),
  });
  connector = started;
  started.start();
  await until(async () => started.state === 'running');
}

async function stopConnector() {
  await connector?.stop();
  connector = null;
}

async function until(check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in time; the connector said:\n${connectorLog.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes the connector look silent for over two minutes. */
const silence = (club: string) =>
  app.db.execute(sql`update connectors set last_seen_at = now() - interval '3 minutes' where club_account_id = ${club}`);

async function failure(promise: Promise<unknown>): Promise<AccountingError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
}

const address = { address1: 'Klubbvägen 1', address2: null, zipCode: '184 94', city: 'Åkersberga', countryCode: 'SE' };
const customerFields = (name: string): CustomerFields => ({
  name,
  type: 'private',
  organisationNumber: null,
  active: true,
  address,
  deliveryAddress: { address1: null, address2: null, zipCode: null, city: null, countryCode: null },
  phone1: '070-000 00 00',
  phone2: null,
  email: 'ny.medlem@example.se',
  emailInvoice: null,
  www: null,
  fax: null,
  yourReference: null,
  ourReference: 'Kansliet',
  notes: null,
  termsOfPayment: '30',
  termsOfDelivery: null,
  currency: 'SEK',
  priceList: 'A',
  invoiceDiscountBasisPoints: null,
  invoiceAdministrationFeeOre: 2500,
  invoiceFreightOre: null,
  vatType: 'SEVAT',
  salesAccount: null,
  costCenter: '40',
  project: null,
  defaultDelivery: 'email',
  invoiceTemplate: null,
});
const invoiceFields = (customerNumber: string): InvoiceFields => ({
  customerNumber,
  invoiceDate: '2026-04-01',
  dueDate: null,
  termsOfPayment: '30',
  invoiceType: 'INVOICE',
  currency: 'SEK',
  yourReference: null,
  ourReference: 'Kansliet',
  remarks: 'Medlemsavgift 2026',
  costCenter: null,
  project: null,
  rows: [
    {
      articleNumber: '101',
      description: 'Medlemsavgift senior 2026',
      quantityHundredths: 100,
      unit: 'st',
      priceOre: 490_000,
      vatPercent: 0,
      discountBasisPoints: 0,
      costCenter: null,
      project: null,
    },
    {
      articleNumber: '110',
      description: 'Greenfee 18 hål',
      quantityHundredths: 300,
      unit: 'st',
      priceOre: 55_000,
      vatPercent: 6,
      discountBasisPoints: 1000,
      costCenter: null,
      project: null,
    },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const org = await createOrganisation(app, { name: 'Sjöviks GK' });
  tenant = { organisationId: org.organisationId, clubAccountId: org.clubAccountId };
  key = (await issueConnectorKey(app.db, tenant)).key;
  store = CompanyStore.open(null);
  // Generous waits: on a busy CI machine the in-process connector takes seconds to start and claim.
  provider = createVismaAdminProvider({ queue: connectorQueue(app.db, tenant), waitMs: 25_000, pollMs: 100 });
});

afterEach(async () => {
  await stopConnector();
});

afterAll(async () => {
  await stopConnector();
  // The in-process connector shares this process's HTTP client: a socket it aborted mid long
  // poll can stay half-open on the server side, as a switched-off PC's would; drop them all.
  app?.server.closeAllConnections();
  await t?.close();
});

describe('before any connector has registered', () => {
  it('reads fail with installation_needed and queue nothing; writes are kept', async () => {
    const read = await failure(provider.customers.list());
    expect(read.kind).toBe('installation_needed');
    expect(read.messageKey).toBe('accounting.installationNeeded');
    expect(await app.db.select().from(connectorWork).where(eq(connectorWork.clubAccountId, tenant.clubAccountId))).toEqual([]);

    const write = await failure(provider.customers.create(customerFields('Tidig Medlem'), { externalRef: 'fw-early-1' }));
    expect(write.kind).toBe('installation_needed');
    const [queued] = await app.db.select().from(connectorWork).where(eq(connectorWork.clubAccountId, tenant.clubAccountId));
    expect(queued).toMatchObject({
      operation: 'customers.create',
      status: 'queued',
      idempotencyKey: 'customers.create:fw-early-1',
    });

    // Installed at last: the queued create runs, and the retried call answers its document.
    await startConnector();
    await until(async () => (await connectorStatus(app.db, tenant)).status === 'online');
    const created = await provider.customers.create(customerFields('Tidig Medlem'), { externalRef: 'fw-early-1' });
    expect(created).toMatchObject({ name: 'Tidig Medlem', externalRef: 'fw-early-1', invoiceAdministrationFeeOre: 2500 });
    expect(store.data.kunder.filter((k) => k.fairwayRef === 'fw-early-1')).toHaveLength(1);
  });
});

describe('with the connector running', () => {
  it('reads company, code lists and registers in the normalized shapes', async () => {
    await startConnector();
    expect(await provider.companyInformation()).toMatchObject({
      name: 'Sjöviks Golfklubb',
      organisationNumber: '802417-6612',
      databaseNumber: 'Ftg1',
    });
    expect(await provider.codeLists.termsOfPayment()).toContainEqual({ code: '30', name: '30 dagar netto', days: 30 });
    const customers = await provider.customers.list({ pageSize: 3, page: 2 });
    expect(customers).toMatchObject({ page: 2, totalPages: 3, total: 9 });
    expect(customers.items.map((c) => c.number)).toEqual(['1004', '1005', '1006']);
    const invoice = await provider.invoices.get('5003');
    expect(invoice).toMatchObject({ customerName: 'Roslagens Bygg AB', netOre: 1_200_000, vatOre: 300_000, totalOre: 1_500_000 });
    expect(invoice.balanceOre).toBe(1_000_000);
    const changed = await provider.invoices.list({ modifiedSince: '2026-03-01T00:00:00Z' });
    expect(changed.items.map((i) => i.number)).toEqual(['5004', '5005', '5006', '5007']);
    expect((await provider.contracts.get('304')).totalOre).toBe(1_875_000);
  });

  it('creates, books, sends, pays and credits an invoice', async () => {
    await startConnector();
    const created = await provider.invoices.create(invoiceFields('1002'), { externalRef: 'fw-inv-1' });
    // 4 900 kr without VAT + 3 × 550 kr less 10 % at 6 %: 4 900 + 1 485 + 89.10.
    expect(created).toMatchObject({
      customerName: 'Erik Johansson',
      netOre: 638_500,
      vatOre: 8_910,
      totalOre: 647_410,
      booked: false,
    });
    expect(created.dueDate).toBe('2026-05-01');
    expect(created.ocr).toMatch(new RegExp(`^${created.number}\\d$`));

    const updated = await provider.invoices.update(created.number, { remarks: 'Medlemsavgift och greenfee' });
    expect(updated.remarks).toBe('Medlemsavgift och greenfee');
    const booked = await provider.invoices.bookkeep(created.number);
    expect(booked.booked).toBe(true);
    expect(booked.voucherNumbers).toHaveLength(1);

    const refused = await failure(provider.invoices.update(created.number, { remarks: 'för sent' }));
    expect(refused).toMatchObject({
      kind: 'conflict',
      messageKey: 'accounting.invoiceBooked',
      providerCode: 'ADKE_INVOICE_EDIT_DENIED_BOOKKEEPING',
    });

    expect((await provider.invoices.send(created.number, 'email')).deliveryMethod).toBe('email');
    const payment = await provider.invoices.registerPayment(
      created.number,
      { paymentDate: '2026-04-20', amountOre: 147_410 },
      { externalRef: 'fw-pay-1' },
    );
    expect(payment).toMatchObject({ invoiceNumber: created.number, amountOre: 147_410 });
    // The same payment again is the same payment.
    expect(
      await provider.invoices.registerPayment(
        created.number,
        { paymentDate: '2026-04-20', amountOre: 147_410 },
        { externalRef: 'fw-pay-1' },
      ),
    ).toEqual(payment);
    expect((await provider.invoices.get(created.number)).balanceOre).toBe(500_000);

    const credit = await provider.invoices.credit(created.number);
    expect(credit).toMatchObject({ isCredit: true, creditedInvoiceNumber: created.number, totalOre: -647_410 });
    expect((await provider.invoices.get(created.number)).credited).toBe(true);

    const pdf = await provider.invoices.pdf(created.number);
    expect(Buffer.from(pdf).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(Buffer.from(pdf).toString('latin1')).toContain('Erik Johansson');
  });

  it('invoices a contract period and finishes the contract', async () => {
    await startConnector();
    const invoice = await provider.contracts.createInvoice('301');
    expect(invoice).toMatchObject({
      contractNumber: '301',
      invoiceDate: '2027-01-15',
      customerNumber: '1001',
      totalOre: 861_000,
    });
    expect((await provider.contracts.get('301')).lastInvoiceDate).toBe('2027-01-15');
    expect((await provider.contracts.finish('303')).finished).toBe(true);
    const again = await failure(provider.contracts.createInvoice('303'));
    expect(again).toMatchObject({ kind: 'conflict', providerCode: 'ADKE_INVOICE_EDIT_DENIED_AGREEMENT_PERIOD' });
  });

  it('maps Visma Administration errors onto localised AccountingErrors', async () => {
    await startConnector();
    const missing = await failure(provider.customers.get('9999'));
    expect(missing).toMatchObject({
      kind: 'not_found',
      statusCode: 404,
      messageKey: 'accounting.customerMissing',
      providerCode: 'ADKE_COULD_NOT_FIND_CUSTOMER',
    });
    const taken = await failure(
      provider.customers.create({ ...customerFields('Dubblett'), number: '1001' } as never, { externalRef: 'fw-dup-1' }),
    );
    expect(taken).toMatchObject({ kind: 'conflict', messageKey: 'accounting.customerNumberInUse' });
    const unknownCustomer = await failure(provider.invoices.create(invoiceFields('4242'), { externalRef: 'fw-inv-bad' }));
    expect(unknownCustomer).toMatchObject({ kind: 'validation', statusCode: 400, messageKey: 'accounting.customerMissing' });
    const terms = await failure(provider.customers.update('1001', { termsOfPayment: '99' }));
    expect(terms).toMatchObject({ kind: 'validation', messageKey: 'accounting.rejected' });
    expect(terms.toBody('sv').error).toBe('Visma Administration avvisade ändringen: Betalningsvillkoret 99 finns inte.');
  });

  it('creates once per reference, also when the create is retried concurrently', async () => {
    await startConnector();
    const fields = customerFields('Samtidig Medlem');
    const [a, b] = await Promise.all([
      provider.customers.create(fields, { externalRef: 'fw-same-1' }),
      provider.customers.create(fields, { externalRef: 'fw-same-1' }),
    ]);
    expect(a.number).toBe(b.number);
    expect(store.data.kunder.filter((k) => k.fairwayRef === 'fw-same-1')).toHaveLength(1);
    const rows = await app.db
      .select()
      .from(connectorWork)
      .where(
        and(
          eq(connectorWork.clubAccountId, tenant.clubAccountId),
          eq(connectorWork.idempotencyKey, 'customers.create:fw-same-1'),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('refuses an answer that does not have the shape of the operation', async () => {
    connector = new Connector({
      client: new ProtocolClient({ serverUrl, key }),
      visma: { ...simulatedCompany(store), execute: () => ({ ok: true, data: { name: 'Sjöviks Golfklubb' } }) },
      machine: 'KANSLI-PC',
      claimWaitSeconds: 2,
      log: () => undefined,
    });
    connector.start();
    const error = await failure(provider.companyInformation());
    expect(error).toMatchObject({ kind: 'unavailable', messageKey: 'accounting.connectorBadAnswer' });
  });
});

describe('when the connector goes offline', () => {
  it('fails reads at once, keeps writes queued in order, and runs them when the connector returns', async () => {
    await startConnector();
    await provider.companyInformation();
    await stopConnector();
    // Let the server notice the hung-up long poll before the silence starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await silence(tenant.clubAccountId);
    expect((await connectorStatus(app.db, tenant)).status).toBe('offline');

    const read = await failure(provider.invoices.get('5001'));
    expect(read).toMatchObject({ kind: 'connector_offline', messageKey: 'accounting.connectorOfflineRead', statusCode: 503 });

    const create = await failure(provider.customers.create(customerFields('Väntande Medlem'), { externalRef: 'fw-wait-1' }));
    expect(create).toMatchObject({ kind: 'connector_offline', messageKey: 'accounting.connectorOffline' });
    expect(create.toBody('en').eng_message).toContain('the work waits until it is back');
    const book = await failure(provider.invoices.bookkeep('5004'));
    expect(book.kind).toBe('connector_offline');
    // A retry of the same action while it waits does not queue it twice.
    await failure(provider.invoices.bookkeep('5004'));
    const waiting = await app.db
      .select()
      .from(connectorWork)
      .where(and(eq(connectorWork.clubAccountId, tenant.clubAccountId), eq(connectorWork.status, 'queued')))
      .orderBy(asc(connectorWork.createdAt));
    expect(waiting.map((w) => w.operation)).toEqual(['customers.create', 'invoices.bookkeep']);
    expect(store.data.kunder.some((k) => k.fairwayRef === 'fw-wait-1')).toBe(false);

    await startConnector();
    await until(async () => {
      const rows = await app.db.select().from(connectorWork).where(eq(connectorWork.clubAccountId, tenant.clubAccountId));
      return rows.every((r) => r.status === 'done' || r.status === 'failed');
    });
    expect(store.data.kunder.filter((k) => k.fairwayRef === 'fw-wait-1')).toHaveLength(1);
    expect(store.data.fakturor.find((f) => f.fakturanr === '5004')?.bokford).toBe(true);
    // The caller's retry gets the document the queued create made, without a second one.
    const created = await provider.customers.create(customerFields('Väntande Medlem'), { externalRef: 'fw-wait-1' });
    expect(created.externalRef).toBe('fw-wait-1');
    expect(store.data.kunder.filter((k) => k.fairwayRef === 'fw-wait-1')).toHaveLength(1);
  });

  it('tells a write that timed out while online that it stays queued', async () => {
    const other = await addClubAccount(app, tenant.organisationId, 'Sjöviks GK Drift AB');
    const drift: ClubTenant = { organisationId: tenant.organisationId, clubAccountId: other };
    const driftKey = (await issueConnectorKey(app.db, drift)).key;
    const client = new ProtocolClient({ serverUrl, key: driftKey });
    // Registered and heard from, but it never claims.
    await client.register({
      protocolVersion: 1,
      connectorVersion: '1.0.0',
      machine: 'DRIFT-PC',
      company: { name: 'Drift AB', database: 'Ftg2' },
    });
    const slow = createVismaAdminProvider({ queue: connectorQueue(app.db, drift), waitMs: 600, pollMs: 100 });
    const error = await failure(slow.contracts.finish('301'));
    expect(error).toMatchObject({ kind: 'timeout', messageKey: 'accounting.connectorWorkQueued' });
    const readError = await failure(slow.contracts.get('301'));
    expect(readError).toMatchObject({ kind: 'timeout', messageKey: 'accounting.timeout' });
    const rows = await app.db
      .select()
      .from(connectorWork)
      .where(eq(connectorWork.clubAccountId, other))
      .orderBy(asc(connectorWork.createdAt));
    expect(rows.map((r) => [r.operation, r.status])).toEqual([
      ['contracts.finish', 'queued'],
      ['contracts.get', 'failed'],
    ]);
  });
});
