import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { itMovesAnUnreadableStateFileAside, simulatorStateFile } from '../../../../test/fixtures/simulator-state-file';
import { DEFAULT_SIMULATOR_CLIENT, startVismaSimulator, type VismaSimulator } from './index';

const stateFile = simulatorStateFile('visma_eekonomi.json', startVismaSimulator);
const { start, stop, file, dir } = stateFile;

const basic = `Basic ${Buffer.from(`${DEFAULT_SIMULATOR_CLIENT.clientId}:${DEFAULT_SIMULATOR_CLIENT.clientSecret}`).toString('base64')}`;
const redirectUri = 'http://localhost:3000/visma';

async function token(sim: VismaSimulator, form: Record<string, string>) {
  const response = await fetch(`${sim.authBaseUrl}/connect/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** The company's consent given in the browser and its code exchanged: what the portal stores. */
async function consent(sim: VismaSimulator) {
  const allowed = await fetch(`${sim.authBaseUrl}/connect/authorize/decision`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: DEFAULT_SIMULATOR_CLIENT.clientId,
      redirect_uri: redirectUri,
      scope: 'ea:api offline_access ea:sales',
      state: 's',
      decision: 'allow',
    }),
  });
  const code = new URL(allowed.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await token(sim, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  expect(tokens.status).toBe(200);
  return tokens.body;
}

async function api(sim: VismaSimulator, accessToken: string, route: string, body?: unknown) {
  const response = await fetch(`${sim.apiBaseUrl}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the simulator's JSON answers field by field, as a client would.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const createCustomer = (sim: VismaSimulator, accessToken: string, name: string) =>
  api(sim, accessToken, '/customers', {
    Name: name,
    TermsOfPaymentId: sim.store.termsOfPayment[0]?.Id,
    InvoicePostalCode: '269 21',
    InvoiceCity: 'Båstad',
    IsPrivatePerson: false,
    IsActive: true,
  });

async function createInvoice(sim: VismaSimulator, accessToken: string, customerId: string) {
  const article = [...sim.store.articles.values()].find((a) => a.IsActive);
  const draft = await api(sim, accessToken, '/customerinvoicedrafts', {
    CustomerId: customerId,
    InvoiceCustomerName: 'Persistens Golf AB',
    InvoicePostalCode: '269 21',
    InvoiceCity: 'Båstad',
    InvoiceCountryCode: 'SE',
    EuThirdParty: false,
    CustomerIsPrivatePerson: false,
    RotReducedInvoicingType: 0,
    Rows: [
      {
        LineNumber: 0,
        IsTextRow: false,
        Text: 'Rad',
        ReversedConstructionServicesVatFree: false,
        ArticleId: article?.Id,
        Quantity: 2,
      },
    ],
  });
  expect(draft.status).toBe(200);
  const invoice = await api(sim, accessToken, `/customerinvoicedrafts/${draft.body.Id}/convert`, {});
  expect(invoice.status).toBe(200);
  return invoice.body;
}

/** Everything the company holds, as the API would answer it (JSON has no -0, so compare as JSON). */
const data = (sim: VismaSimulator) => {
  const { requestLog: _log, now: _now, ...store } = sim.store;
  return JSON.parse(JSON.stringify(store, (_key, value) => (value instanceof Map ? Object.fromEntries(value) : value))) as Record<
    string,
    unknown
  >;
};

describe('the Visma eEkonomi simulator with a state file', () => {
  it('comes back after a restart with its documents, GUIDs, number series and tokens', async () => {
    const first = await start();
    const consented = await consent(first);
    const rotated = await token(first, { grant_type: 'refresh_token', refresh_token: consented.refresh_token });
    expect(rotated.status).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = rotated.body;

    const customer = await createCustomer(first, accessToken, 'Persistens Golf AB');
    expect(customer.status).toBe(200);
    const invoice = await createInvoice(first, accessToken, customer.body.Id);
    const before = data(first);
    await stop(first);

    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({ version: 1, simulator: 'visma_eekonomi' });

    const second = await start();
    // Code lists keep their GUIDs too: the portal's mirror refers to units and terms by id.
    expect(data(second)).toEqual(before);
    const read = await api(second, accessToken, `/customerinvoices/${invoice.Id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ InvoiceNumber: invoice.InvoiceNumber, CustomerId: customer.body.Id });
    expect((await api(second, accessToken, `/customers/${customer.body.Id}`)).body.Name).toBe('Persistens Golf AB');

    const next = await createInvoice(second, accessToken, customer.body.Id);
    expect(next.InvoiceNumber).toBe(invoice.InvoiceNumber + 1);

    const spent = await token(second, { grant_type: 'refresh_token', refresh_token: consented.refresh_token });
    expect(spent).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const again = await token(second, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(again.status).toBe(200);
    expect((await api(second, again.body.access_token, '/customers')).status).toBe(200);
    expect((await token(second, { grant_type: 'refresh_token', refresh_token: refreshToken })).status).toBe(400);
  });

  it('keeps the demo tokens and a revoked consent', async () => {
    const first = await start();
    await vi.waitFor(() => expect(readFileSync(file(), 'utf8')).toContain('"version":1'), {
      timeout: 2_000,
      interval: 20,
    });
    const demo = first.grantConsent();
    await vi.waitFor(() => expect(readFileSync(file(), 'utf8')).toContain(demo.refreshToken), {
      timeout: 2_000,
      interval: 20,
    });
    // Read while the first still runs, as after a crash: the demo grant was written on its own.
    const second = await start();
    expect((await api(second, demo.accessToken, '/companysettings')).status).toBe(200);
    second.faults.revokeConsent();
    await stop(second);
    const third = await start();
    expect((await api(third, demo.accessToken, '/companysettings')).status).toBe(401);
    expect((await token(third, { grant_type: 'refresh_token', refresh_token: demo.refreshToken })).status).toBe(400);
  });

  it('writes the file shortly after a change, so a killed process loses nothing', async () => {
    const first = await start();
    const { accessToken } = first.grantConsent();
    await vi.waitFor(() => expect(readFileSync(file(), 'utf8')).toContain(accessToken), {
      timeout: 2_000,
      interval: 20,
    });
    const customer = await createCustomer(first, accessToken, 'Skriv Direkt AB');
    await vi.waitFor(() => expect(readFileSync(file(), 'utf8')).toContain(customer.body.Id), {
      timeout: 2_000,
      interval: 50,
    });
    const second = await start();
    expect((await api(second, accessToken, `/customers/${customer.body.Id}`)).body.Name).toBe('Skriv Direkt AB');
    expect(readdirSync(dir()).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  itMovesAnUnreadableStateFileAside(stateFile, {
    simulator: 'visma_eekonomi',
    cases: [
      ['half a file', '{"version":1,"simulator":"visma_eekonomi","state":{"store":{"company":'],
      ['another version', JSON.stringify({ version: 2, simulator: 'visma_eekonomi', state: {} })],
      ["the other simulator's file", JSON.stringify({ version: 1, simulator: 'fortnox', state: {} })],
      ['a wrong shape', JSON.stringify({ version: 1, simulator: 'visma_eekonomi', state: { store: { company: {} } } })],
    ],
    startFresh: () => startVismaSimulator(),
    sameAsFresh: (sim, fresh) => {
      expect(sim.store.invoices.size).toBe(fresh.store.invoices.size);
      expect(sim.store.customers.size).toBe(fresh.store.customers.size);
      expect(sim.store.invoices.size).toBeGreaterThan(0);
    },
  });
});
