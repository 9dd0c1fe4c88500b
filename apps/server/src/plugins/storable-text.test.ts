import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, connectedWorld } from '../../test/fixtures/accounting';
import type { TestOrganisation } from '../../test/fixtures/users';
import type { TestApp } from '../../test/test-app';
import type { App } from '../app';
import { customers } from '../modules/customers/customers.tables';
import type { FortnoxSimulator } from '../providers/fortnox/simulator/index';

let t: TestApp;
let app: App;
let sim: FortnoxSimulator;
let a: TestOrganisation;

beforeAll(async () => {
  ({ t, app, sim, a } = await connectedWorld());
});

afterAll(async () => {
  await t?.close();
});

const NUL = 'x\u0000';
const LONE = 'x\ud800';
const SV = (field: string) => `Fältet ${field} innehåller ett tecken som inte kan sparas`;
const EN = (field: string) => `The ${field} field contains a character that cannot be saved`;

const customer = (overrides: object = {}) => ({
  name: 'Greta Golfsson',
  type: 'private',
  organisationNumber: '811218-9876',
  address: { address1: 'Klubbvägen 1', zipCode: '752 67', city: 'Uppsala' },
  email: 'greta@example.se',
  termsOfPayment: '30',
  ...overrides,
});

const article = (overrides: object = {}) => ({
  description: 'Golfparaply med klubbmärke',
  type: 'STOCK',
  unit: 'st',
  vatPercent: 25,
  salesPriceOre: 39_920,
  ...overrides,
});

describe('text PostgreSQL cannot store', () => {
  it('POST /customers with a NUL is refused with a field message and creates nothing in Fortnox', async () => {
    const { send } = apiAs(app);
    const before = sim.store.count(sim.defaultTenantId, 'customers');
    const mirrored = (await app.db.select().from(customers)).length;
    const res = await send('POST', '/customers', a.owner, customer({ name: NUL }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: expect.any(String),
      eng_message: expect.any(String),
      error: { name: [SV('namn')] },
    });
    // Nested, and in English.
    const nested = await send('POST', '/customers', a.owner, customer({ address: { address1: LONE } }), 'en');
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error).toEqual({ 'address.address1': [EN('address1')] });
    expect(sim.store.count(sim.defaultTenantId, 'customers')).toBe(before);
    expect((await app.db.select().from(customers)).length).toBe(mirrored);
  });

  it('an article description with a lone surrogate is refused before it reaches Fortnox', async () => {
    const { send } = apiAs(app);
    const before = sim.store.count(sim.defaultTenantId, 'articles');
    const res = await send('POST', '/articles', a.owner, article({ description: LONE }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ description: [SV('beskrivning')] });
    expect(sim.store.count(sim.defaultTenantId, 'articles')).toBe(before);
  });

  it.each([
    ['POST', '/organizations', { name: NUL }, 'name'],
    [
      'PUT',
      '/configurations/member',
      { defaultFeeRule: NUL, familyPayerPays: true, guardianPaysForJuniors: true, juniorAgeLimit: 18 },
      'defaultFeeRule',
    ],
    ['POST', '/segments/customers', { name: NUL }, 'name'],
    ['POST', '/segments/articles', { name: 'Ok', description: LONE }, 'description'],
    ['POST', '/members', { firstname: NUL, lastname: 'Ek', golfId: '850230-001' }, 'firstname'],
    ['POST', '/membercategories', { name: NUL }, 'name'],
    ['POST', '/playercategories', { name: 'Ok', description: NUL }, 'description'],
    ['POST', '/fee_types', { name: NUL }, 'name'],
    ['POST', '/support/open_ticket', { subject: 'Hjälp', message: `Ett långt meddelande ${NUL}` }, 'message'],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, field) => {
    const res = await apiAs(app).send(method, url, a.owner, payload, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ [field]: [expect.stringContaining('contains a character that cannot be saved')] });
  });

  it('checks the query, the path and object keys too', async () => {
    const { get, send } = apiAs(app);
    const query = await get(`/customers?search=${encodeURIComponent(NUL)}`, a.owner, 'en');
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json().error).toEqual({ search: [EN('search')] });
    const path = await get(`/customers/${encodeURIComponent(NUL)}`, a.owner, 'en');
    expect(path.statusCode).toBe(400);
    expect(path.json().error).toEqual({ id: [EN('id')] });
    const key = await send('POST', '/fee_types', a.owner, { name: 'Ok', [NUL]: 1 }, 'en');
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toEqual({ x: [EN('x')] });
  });
});
