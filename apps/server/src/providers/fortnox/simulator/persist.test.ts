import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { itMovesAnUnreadableStateFileAside, simulatorStateFile } from '../../../../test/fixtures/simulator-state-file';
import { type FortnoxSimulator, SIM_DEFAULT_CLIENT, SIM_DEFAULT_TENANT, startFortnoxSimulator } from './index';

const stateFile = simulatorStateFile('fortnox.json', startFortnoxSimulator);
const { start, stop, file, dir } = stateFile;

const basic = `Basic ${Buffer.from(`${SIM_DEFAULT_CLIENT.clientId}:${SIM_DEFAULT_CLIENT.clientSecret}`).toString('base64')}`;
const redirectUri = 'http://localhost:3000/fortnox';

async function token(sim: FortnoxSimulator, form: Record<string, string>) {
  const response = await fetch(`${sim.authBaseUrl}/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** The consent page approved in the browser, and its code exchanged: what the portal stores. */
async function consent(sim: FortnoxSimulator) {
  const approved = await fetch(`${sim.authBaseUrl}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: SIM_DEFAULT_CLIENT.clientId,
      redirect_uri: redirectUri,
      scope: 'customer invoice',
      state: 's',
      response_type: 'code',
      access_type: 'offline',
      tenant: SIM_DEFAULT_TENANT,
      decision: 'approve',
    }),
  });
  const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  expect(tokens.status).toBe(200);
  return tokens.body;
}

async function api(sim: FortnoxSimulator, accessToken: string, route: string, init: RequestInit = {}) {
  const response = await fetch(`${sim.apiBaseUrl}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the simulator's JSON answers field by field, as a client would.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const createCustomer = (sim: FortnoxSimulator, accessToken: string, name: string) =>
  api(sim, accessToken, '/customers', {
    method: 'POST',
    body: JSON.stringify({ Customer: { Name: name, Type: 'COMPANY', City: 'Båstad', ZipCode: '269 21' } }),
  });

const createInvoice = (sim: FortnoxSimulator, accessToken: string, customerNumber: string) =>
  api(sim, accessToken, '/invoices', {
    method: 'POST',
    body: JSON.stringify({
      Invoice: {
        CustomerNumber: customerNumber,
        InvoiceRows: [{ Description: 'Greenfee 18 hål', DeliveredQuantity: 2, Price: 480, VAT: 6 }],
      },
    }),
  });

/** The company's registers as the API would answer them (JSON has no -0, so compare as JSON). */
const documents = (sim: FortnoxSimulator) => {
  const tenant = sim.store.tenant(SIM_DEFAULT_TENANT);
  return JSON.parse(
    JSON.stringify({
      customers: [...tenant.customers.values()],
      invoices: [...tenant.invoices.values()],
      payments: [...tenant.invoicepayments.values()],
      contracts: [...tenant.contracts.values()],
      vouchers: [...tenant.vouchers.entries()],
      financialYears: tenant.financialYears,
      orders: [...tenant.orders.values()],
      next: tenant.next,
    }),
  );
};

describe('the Fortnox simulator with a state file', () => {
  it('comes back after a restart with its documents, number series and tokens', async () => {
    const first = await start();
    const consented = await consent(first);
    const rotated = await token(first, { grant_type: 'refresh_token', refresh_token: consented.refresh_token });
    expect(rotated.status).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = rotated.body;

    const customer = await createCustomer(first, accessToken, 'Persistens Golf AB');
    expect(customer.status).toBe(201);
    const customerNumber = customer.body.Customer.CustomerNumber as string;
    const invoice = await createInvoice(first, accessToken, customerNumber);
    expect(invoice.status).toBe(201);
    const invoiceNumber = Number(invoice.body.Invoice.DocumentNumber);
    const before = documents(first);
    await stop(first);

    const saved = JSON.parse(readFileSync(file(), 'utf8'));
    expect(saved).toMatchObject({ version: 1, simulator: 'fortnox' });

    const second = await start();
    expect(documents(second)).toEqual(before);
    const read = await api(second, accessToken, `/invoices/${invoiceNumber}`);
    expect(read.status).toBe(200);
    expect(read.body.Invoice).toMatchObject({ CustomerNumber: customerNumber, CustomerName: 'Persistens Golf AB', Total: 1018 });
    expect((await api(second, accessToken, `/customers/${customerNumber}`)).body.Customer.Name).toBe('Persistens Golf AB');

    // The series go on where they were.
    const next = await createInvoice(second, accessToken, customerNumber);
    expect(Number(next.body.Invoice.DocumentNumber)).toBe(invoiceNumber + 1);
    const nextCustomer = await createCustomer(second, accessToken, 'Nästa Kund AB');
    expect(Number(nextCustomer.body.Customer.CustomerNumber)).toBe(Number(customerNumber) + 1);

    // Refresh tokens are still single-use: the one spent before the restart stays spent.
    const spent = await token(second, { grant_type: 'refresh_token', refresh_token: consented.refresh_token });
    expect(spent).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const again = await token(second, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(again.status).toBe(200);
    expect((await api(second, again.body.access_token, `/invoices/${invoiceNumber}`)).status).toBe(200);
    expect((await token(second, { grant_type: 'refresh_token', refresh_token: refreshToken })).status).toBe(400);
  });

  it('keeps a revoked consent revoked and a service consent usable by client credentials', async () => {
    const first = await start();
    first.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, SIM_DEFAULT_TENANT, { service: true });
    const { access_token: revokedToken } = first.issueTokens(SIM_DEFAULT_TENANT);
    await stop(first);

    const second = await start();
    expect(second.auth.consent(SIM_DEFAULT_CLIENT.clientId, SIM_DEFAULT_TENANT)).toMatchObject({ service: true, revoked: false });
    const service = await fetch(`${second.authBaseUrl}/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', tenantid: SIM_DEFAULT_TENANT },
      body: 'grant_type=client_credentials',
    });
    expect(service.status).toBe(200);
    second.auth.revokeConsent(SIM_DEFAULT_TENANT);
    await stop(second);

    const third = await start();
    expect(third.auth.consent(SIM_DEFAULT_CLIENT.clientId, SIM_DEFAULT_TENANT)?.revoked).toBe(true);
    expect((await api(third, revokedToken, '/customers')).status).toBe(401);
  });

  it('writes the file shortly after a change, so a killed process loses nothing', async () => {
    const first = await start();
    const { access_token: accessToken } = first.issueTokens();
    // The fresh seed is written first; the customer must come with a write of its own.
    await vi.waitFor(() => expect(readFileSync(file(), 'utf8')).toContain(accessToken), {
      timeout: 2_000,
      interval: 20,
    });
    const customer = await createCustomer(first, accessToken, 'Skriv Direkt AB');
    const number = customer.body.Customer.CustomerNumber as string;
    await vi.waitFor(
      () => {
        const saved = JSON.parse(readFileSync(file(), 'utf8'));
        const tenant = saved.state.tenants.find((t: { tenantId: string }) => t.tenantId === SIM_DEFAULT_TENANT);
        expect(tenant.customers.map(([key]: [string]) => key)).toContain(number);
      },
      { timeout: 2_000, interval: 50 },
    );
    // A second simulator reads the file while the first still runs, as after a crash.
    const second = await start();
    expect((await api(second, accessToken, `/customers/${number}`)).body.Customer.Name).toBe('Skriv Direkt AB');
    expect(readdirSync(dir()).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('opens the new financial year on a restart in a new year, and numbers an older file’s vouchers within calendar years', async () => {
    const first = await start({ now: () => new Date('2026-12-30T09:00:00Z'), seed: 'empty' });
    expect(first.store.tenant(SIM_DEFAULT_TENANT).financialYears.map((y) => [y.Id, y.FromDate, y.ToDate])).toEqual([
      [1, '2024-01-01', '2024-12-31'],
      [2, '2025-01-01', '2025-12-31'],
      [3, '2026-01-01', '2026-12-31'],
    ]);
    await stop(first);
    // A file saved before the simulator kept financial years: no years, vouchers keyed
    // `<series><number>` and numbered through the years, `Year` the calendar year.
    const saved = JSON.parse(readFileSync(file(), 'utf8'));
    const tenant = saved.state.tenants[0];
    delete tenant.financialYears;
    const old = (n: number, date: string) => [
      `A${n}`,
      {
        modifiedAt: 0,
        doc: {
          VoucherSeries: 'A',
          VoucherNumber: n,
          Year: Number(date.slice(0, 4)),
          TransactionDate: date,
          Description: `Kvitto ${n}`,
          ReferenceNumber: '',
          ReferenceType: 'MANUAL',
          VoucherRows: [],
          Comments: '',
        },
      },
    ];
    tenant.vouchers = [old(1, '2025-05-01'), old(2, '2026-02-01')];
    tenant.next = { ...tenant.next, voucherA: 3, voucherB: 1, voucherC: 1, voucherD: 1 };
    writeFileSync(file(), JSON.stringify(saved));

    const second = await start({ now: () => new Date('2027-01-10T09:00:00Z') });
    const restored = second.store.tenant(SIM_DEFAULT_TENANT);
    expect(restored.financialYears.map((y) => [y.Id, y.FromDate])).toEqual([
      [1, '2025-01-01'],
      [2, '2026-01-01'],
      [3, '2027-01-01'],
    ]);
    expect([...restored.vouchers.keys()]).toEqual(['1/A/1', '2/A/2']);
    const { access_token: accessToken } = second.issueTokens();
    expect((await api(second, accessToken, '/vouchers/A/2?financialyear=2')).body.Voucher.Description).toBe('Kvitto 2');
    // The new year numbers from 1.
    const made = await api(second, accessToken, '/vouchers', {
      method: 'POST',
      body: JSON.stringify({
        Voucher: {
          VoucherSeries: 'A',
          TransactionDate: '2027-01-10',
          Description: 'Kvitto i nya året',
          VoucherRows: [
            { Account: 6110, Debit: 100, Credit: 0 },
            { Account: 1930, Debit: 0, Credit: 100 },
          ],
        },
      }),
    });
    expect(made.body.Voucher).toMatchObject({ VoucherNumber: 1, Year: 3 });
  });

  it('saves a fresh seed at once, so the demo data is the same after a restart on another day', async () => {
    const first = await start({ now: () => new Date('2026-03-14T09:00:00Z') });
    const before = documents(first);
    await vi.waitFor(() => expect(readFileSync(file(), 'utf8')).toContain('"version":1'), {
      timeout: 2_000,
      interval: 50,
    });
    const second = await start({ now: () => new Date('2026-09-01T09:00:00Z') });
    expect(documents(second)).toEqual(before);
  });

  itMovesAnUnreadableStateFileAside(stateFile, {
    simulator: 'fortnox',
    cases: [
      ['half a file', '{"version":1,"simulator":"fortnox","state":{"tenants":[{"tenantId":"1234'],
      ['another version', JSON.stringify({ version: 2, simulator: 'fortnox', state: {} })],
      ["the other simulator's file", JSON.stringify({ version: 1, simulator: 'visma_eekonomi', state: {} })],
      [
        'a wrong shape',
        JSON.stringify({ version: 1, simulator: 'fortnox', state: { tenants: [{ tenantId: '1', customers: 'x' }] } }),
      ],
    ],
    startFresh: () => startFortnoxSimulator(),
    sameAsFresh: (sim, fresh) => {
      expect(sim.store.count(SIM_DEFAULT_TENANT, 'invoices')).toBe(fresh.store.count(SIM_DEFAULT_TENANT, 'invoices'));
      expect(sim.store.count(SIM_DEFAULT_TENANT, 'customers')).toBe(fresh.store.count(SIM_DEFAULT_TENANT, 'customers'));
    },
  });

  it('warns on stderr unless told otherwise', async () => {
    writeFileSync(file(), 'not json');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await start();
      expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/fortnox simulator's state file .* kept it as .*corrupt-/));
    } finally {
      stderr.mockRestore();
    }
  });
});
