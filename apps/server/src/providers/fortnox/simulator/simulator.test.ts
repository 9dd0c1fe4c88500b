import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidLuhn } from '../ocr';
import { type FortnoxSimulator, SIM_DEFAULT_CLIENT, startFortnoxSimulator } from './index';

let sim: FortnoxSimulator;
let clockOffsetMs = 0;

beforeAll(async () => {
  sim = await startFortnoxSimulator({
    now: () => new Date(Date.now() + clockOffsetMs),
    tenants: [
      { tenantId: '1234567', companyName: 'Fairway Demo GK', organisationNumber: '802004-1234' },
      { tenantId: '7654321', companyName: 'Tomma Golfklubben', organisationNumber: '802999-0001', seed: 'empty' },
    ],
  });
});

afterAll(async () => {
  await sim?.close();
});

const basic = `Basic ${Buffer.from(`${SIM_DEFAULT_CLIENT.clientId}:${SIM_DEFAULT_CLIENT.clientSecret}`).toString('base64')}`;

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${sim.authBaseUrl}/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

async function api(path: string, accessToken: string, init: RequestInit = {}) {
  const response = await fetch(`${sim.apiBaseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', ...init.headers },
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes('json') ? await response.json() : new Uint8Array(await response.arrayBuffer()),
    // biome-ignore lint/suspicious/noExplicitAny: the tests read the simulator's JSON answers field by field, as a client would.
  } as { status: number; headers: Headers; body: any };
}

describe('OAuth like apps.fortnox.se', () => {
  it('shows a consent page and redirects with a code that is exchanged once for tokens', async () => {
    const authorize = new URL(`${sim.authBaseUrl}/auth`);
    for (const [k, v] of Object.entries({
      client_id: SIM_DEFAULT_CLIENT.clientId,
      redirect_uri: 'http://localhost:3000/fortnox',
      scope: 'customer invoice',
      state: 's-1',
      access_type: 'offline',
      response_type: 'code',
    })) {
      authorize.searchParams.set(k, v);
    }
    const page = await fetch(authorize);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Godkänn');
    expect(html).toContain('Avbryt');

    const form = new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), tenant: '1234567', decision: 'approve' });
    const approved = await fetch(`${sim.authBaseUrl}/auth`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:3000/fortnox');
    expect(location.searchParams.get('state')).toBe('s-1');
    const code = location.searchParams.get('code')!;

    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:3000/fortnox' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'customer invoice' });
    expect(String(first.body.refresh_token)).toMatch(/^[0-9a-f-]{36}$/);
    const again = await token({ grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:3000/fortnox' });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // The scope granted is the scope used: articles were not asked for.
    const articles = await api('/articles', String(first.body.access_token));
    expect(articles.status).toBe(403);
    expect(articles.body.ErrorInformation).toMatchObject({ code: 2000663, message: 'Har inte behörighet för scope' });
  });

  it('redirects with access_denied when the user cancels', async () => {
    const form = new URLSearchParams({
      client_id: SIM_DEFAULT_CLIENT.clientId,
      redirect_uri: 'http://localhost:3000/fortnox',
      state: 's-2',
      response_type: 'code',
      decision: 'deny',
    });
    const denied = await fetch(`${sim.authBaseUrl}/auth`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = new URL(denied.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s-2');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('rotates refresh tokens and refuses one used twice', async () => {
    const issued = sim.issueTokens('1234567');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token! });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(issued.refresh_token);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token! });
    expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const wrongClient = await fetch(`${sim.authBaseUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('someone:else').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: String(refreshed.body.refresh_token) }),
    });
    expect(wrongClient.status).toBe(401);
  });

  it('expires access tokens after an hour', async () => {
    const issued = sim.issueTokens('1234567');
    expect((await api('/companyinformation', issued.access_token)).status).toBe(200);
    clockOffsetMs = 3_601_000;
    try {
      const expired = await api('/companyinformation', issued.access_token);
      expect(expired.status).toBe(401);
      expect(expired.body.ErrorInformation.code).toBe(2000310);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('gives service accounts tokens by client credentials and TenantId, without a refresh token', async () => {
    expect((await token({ grant_type: 'client_credentials' }, { TenantId: '7654321' })).body.error).toBe('invalid_grant');
    sim.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, '7654321', { service: true });
    const granted = await token({ grant_type: 'client_credentials' }, { TenantId: '7654321' });
    expect(granted.status).toBe(200);
    expect(granted.body.refresh_token).toBeUndefined();
    const company = await api('/companyinformation', String(granted.body.access_token));
    expect(company.body.CompanyInformation).toMatchObject({ CompanyName: 'Tomma Golfklubben', DatabaseNumber: 7654321 });
  });

  it('revoked consent: every token answers 401 and refresh answers invalid_grant', async () => {
    sim.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, '7654321', { service: true });
    const issued = sim.issueTokens('7654321');
    sim.faults.revokeConsent('7654321');
    expect((await api('/customers', issued.access_token)).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token! })).body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'client_credentials' }, { TenantId: '7654321' })).body.error).toBe('invalid_grant');
  });
});

describe('API v3 shapes', () => {
  it('pages lists with MetaInformation and caps limit at 500', async () => {
    const { access_token } = sim.issueTokens('1234567');
    const first = await api('/customers?limit=25&page=1', access_token);
    expect(first.body.MetaInformation).toEqual({ '@TotalResources': 60, '@TotalPages': 3, '@CurrentPage': 1 });
    expect(first.body.Customers).toHaveLength(25);
    const last = await api('/customers?limit=25&page=3', access_token);
    expect(last.body.Customers).toHaveLength(10);
    expect(last.body.MetaInformation['@CurrentPage']).toBe(3);
    const tooMany = await api('/customers?limit=501', access_token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ ErrorInformation: { error: 1, message: 'Ogiltig parameter i anropet.', code: 2000588 } });
  });

  it('holds the seeded golf club: VAT 25/12/6/0 articles, invoices in every state with valid OCR', async () => {
    const t = sim.store.tenant('1234567');
    expect(new Set([...t.articles.values()].map((a) => a.doc.VAT))).toEqual(new Set([0, 6, 12, 25]));
    const invoices = [...t.invoices.values()].map((s) => s.doc);
    expect(invoices.length).toBeGreaterThanOrEqual(300);
    expect(invoices.some((i) => !i.Booked && !i.Cancelled)).toBe(true);
    expect(invoices.some((i) => i.Cancelled)).toBe(true);
    expect(invoices.some((i) => i.Credit === 'true')).toBe(true);
    expect(invoices.some((i) => i.Booked && i.Balance === 0 && i.Credit === 'false' && i.CreditInvoiceReference === '0')).toBe(
      true,
    );
    expect(invoices.some((i) => i.Booked && i.Balance > 0 && i.Balance < i.Total)).toBe(true);
    expect(invoices.every((i) => isValidLuhn(i.OCR) && i.OCR.startsWith(i.DocumentNumber))).toBe(true);
    expect(sim.store.count('1234567', 'contracts')).toBe(20);
    expect(new Set([...t.contracts.values()].map((c) => sim.store.getContract(t, c.doc.DocumentNumber).Status))).toEqual(
      new Set(['ONGOING', 'FINISHED', 'INACTIVE', 'UPCOMING']),
    );
  });

  it('is deterministic: the same day gives the same data', async () => {
    const fixed = new Date('2026-03-14T09:00:00Z');
    const a = await startFortnoxSimulator({ now: () => fixed });
    const b = await startFortnoxSimulator({ now: () => fixed });
    try {
      const docs = (s: FortnoxSimulator) => [...s.store.tenant(s.defaultTenantId).invoices.values()].map((x) => x.doc);
      expect(docs(a)).toEqual(docs(b));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('computes totals as Fortnox does: rows to öre, VAT per rate, total to whole kronor', async () => {
    const { access_token } = sim.issueTokens('1234567');
    const created = await api('/invoices', access_token, {
      method: 'POST',
      body: JSON.stringify({
        Invoice: {
          CustomerNumber: '1001',
          InvoiceRows: [
            { Description: 'Bollar', DeliveredQuantity: '3', Price: 99.99, VAT: 25 },
            { Description: 'Greenfee', DeliveredQuantity: 1, Price: 33.33, VAT: 6 },
            { Description: 'Fika', DeliveredQuantity: '1.5', Price: 10.01, VAT: 12 },
          ],
        },
      }),
    });
    expect(created.status).toBe(201);
    const invoice = created.body.Invoice;
    // 299.97 + 33.33 + 15.015→15.02; VAT 74.9925→74.99, 1.9998→2.00, 1.8024→1.80.
    expect(invoice.InvoiceRows.map((r: { Total: number }) => r.Total)).toEqual([299.97, 33.33, 15.02]);
    expect(invoice.Net).toBe(348.32);
    expect(invoice.TotalVAT).toBe(78.79);
    expect(invoice.RoundOff).toBe(-0.11);
    expect(invoice.Total).toBe(427);
    expect(invoice.Balance).toBe(427);
    expect(invoice.DeliveredQuantity).toBeUndefined();
    expect(invoice.InvoiceRows[2].DeliveredQuantity).toBe('1.50');
    expect(isValidLuhn(invoice.OCR)).toBe(true);
  });

  it('answers Fortnox error bodies: unknown customer, bad JSON, missing wrapper, missing token', async () => {
    const { access_token } = sim.issueTokens('1234567');
    const unknown = await api('/invoices', access_token, {
      method: 'POST',
      body: JSON.stringify({ Invoice: { CustomerNumber: '999999', InvoiceRows: [{ Description: 'x', Price: 1 }] } }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ErrorInformation).toMatchObject({ error: 1, code: 2000204 });
    const badJson = await api('/customers', access_token, { method: 'POST', body: '{"Customer":' });
    expect(badJson.body.ErrorInformation.code).toBe(2002115);
    const noWrapper = await api('/customers', access_token, { method: 'POST', body: JSON.stringify({ Name: 'Utan omslag' }) });
    expect(noWrapper.body.ErrorInformation).toMatchObject({ code: 2001392, message: 'Ingen eller felaktig typ av data.' });
    const anonymous = await fetch(`${sim.apiBaseUrl}/customers`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { ErrorInformation: { code: number } }).ErrorInformation.code).toBe(2000311);
  });

  it('answers the 26th request within 5 seconds of a tenant with 429 and Retry-After, other tenants unaffected', async () => {
    const limited = await startFortnoxSimulator({ seed: 'empty', tenants: [{ tenantId: '1' }, { tenantId: '2' }] });
    try {
      const one = limited.issueTokens('1').access_token;
      const two = limited.issueTokens('2').access_token;
      const call = (tokenValue: string) =>
        fetch(`${limited.apiBaseUrl}/companyinformation`, { headers: { authorization: `Bearer ${tokenValue}` } });
      const answers = await Promise.all(Array.from({ length: 26 }, () => call(one)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(25);
      const refused = answers.find((a) => a.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await call(two)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('print and preview answer a real PDF', async () => {
    const { access_token } = sim.issueTokens('1234567');
    const preview = await api('/invoices/1001/preview', access_token);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(preview.body.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  });
});
