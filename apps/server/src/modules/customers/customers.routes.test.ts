import { randomUUID } from 'node:crypto';
import type { Customer, CustomerRow } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiAs, connectedFile, csvLines, firstSheet } from '../../../test/fixtures/accounting';
import { teamMembers } from '../../../test/fixtures/users';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { customers } from './customers.tables';

const { app, sim, a, b, aStaff } = await connectedFile();
const { get, send } = apiAs(app);

const customer = (overrides: object = {}) => ({
  name: 'Greta Golfsson',
  type: 'private',
  organisationNumber: '811218-9876',
  address: { address1: 'Klubbvägen 1', zipCode: '752 67', city: 'Uppsala' },
  email: 'greta@example.se',
  phone1: '070-174 06 60',
  termsOfPayment: '30',
  sni: null,
  cfar: '12345678',
  shopId: 'BUTIK-1',
  ...overrides,
});

describe('customers', () => {
  it('lists the mirror with paging, sorting, search and filters', async () => {
    const all = await get('/customers?pageSize=10', a.owner);
    expect(all.statusCode).toBe(200);
    const total = sim.store.count(sim.defaultTenantId, 'customers');
    expect(all.json().pagination).toEqual({ page: 1, pageSize: 10, total });
    expect(all.json().data).toHaveLength(10);

    const byName = (await get('/customers?sort=name&order=desc&pageSize=100', a.owner)).json().data as CustomerRow[];
    const names = byName.map((c) => c.name);
    expect(names).toEqual([...names].sort((x, y) => y.localeCompare(x, 'sv')).slice(0, names.length));

    const someone = byName[3] as CustomerRow;
    const found = (await get(`/customers?search=${encodeURIComponent(someone.name.slice(0, 6))}`, a.owner)).json()
      .data as CustomerRow[];
    expect(found.map((c) => c.id)).toContain(someone.id);

    const companies = (await get('/customers?type=company&pageSize=100', a.owner)).json().data as CustomerRow[];
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.every((c) => c.type === 'company')).toBe(true);
    expect((await get('/customers?sort=colour', a.owner)).statusCode).toBe(400);
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const before = sim.store.count(sim.defaultTenantId, 'customers');
    const res = await send(
      'POST',
      '/customers',
      a.owner,
      customer({ organisationNumber: '811218-9875', email: 'not-an-email', name: '' }),
      'en',
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().error as Record<string, string[]>;
    expect(errors.name).toEqual(['This field is required']);
    expect(errors.organisationNumber?.[0]).toContain('Invalid personal identity number');
    expect(errors.email?.[0]).toContain('must be a valid email');
    const company = await send('POST', '/customers', a.owner, customer({ type: 'company', organisationNumber: '123' }));
    expect(company.json().error.organisationNumber).toEqual([
      'Ogiltigt organisationsnummer, ange i följande fromat: XXXXXX-XXXX',
    ]);
    expect(sim.store.count(sim.defaultTenantId, 'customers')).toBe(before);
  });

  let created: Customer;
  it('creates in Fortnox first, then in the mirror with the portal-only fields, and logs it', async () => {
    const before = sim.store.count(sim.defaultTenantId, 'customers');
    sim.faults.rateLimit(2, { retryAfterSeconds: 1 });
    const res = await send('POST', '/customers', a.owner, customer());
    expect(res.statusCode).toBe(201);
    created = res.json().data;
    expect(created).toMatchObject({
      name: 'Greta Golfsson',
      organisationNumber: '811218-9876',
      cfar: '12345678',
      shopId: 'BUTIK-1',
    });
    expect(sim.store.count(sim.defaultTenantId, 'customers')).toBe(before + 1);
    const [row] = await app.db.select().from(customers).where(eq(customers.id, created.id));
    expect(row?.createdBy).toBe(a.owner.userId);
    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.activity, 'customers.event.created'));
    expect(events).toHaveLength(1);
    expect((await get(`/customers/${created.id}`, a.owner)).json().data).toMatchObject({
      number: created.number,
      cfar: '12345678',
    });
  });

  it('the same form sent twice (a double click, a retry) creates one customer', async () => {
    const before = sim.store.count(sim.defaultTenantId, 'customers');
    const requestId = randomUUID();
    const body = customer({ name: 'Dubbel Klicksson', requestId });
    const [first, second] = await Promise.all([
      send('POST', '/customers', a.owner, body),
      send('POST', '/customers', a.owner, body),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.id).toBe(first.json().data.id);
    const again = await send('POST', '/customers', a.owner, body);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(sim.store.count(sim.defaultTenantId, 'customers')).toBe(before + 1);
    expect(sim.store.findByExternalRef(sim.defaultTenantId, 'customers', `fw-${requestId}`)).toHaveLength(1);
  });

  it("updates in Fortnox and the mirror; the program's refusal is shown and changes nothing", async () => {
    const res = await send('PUT', `/customers/${created.id}`, a.owner, {
      ...customer({
        name: 'Greta Golfsson-Lind',
        phone1: null,
        address: { address1: 'Klubbvägen 1', zipCode: '745 31', city: 'Enköping' },
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Greta Golfsson-Lind');
    // The list (the mirror's own columns) shows the new name and city at once.
    const listed = (await get(`/customers?search=${encodeURIComponent('Golfsson-Lind')}`, a.owner)).json().data as CustomerRow[];
    expect(listed.find((row) => row.id === created.id)).toMatchObject({ name: 'Greta Golfsson-Lind', city: 'Enköping' });
    // A field cleared in the program is cleared in the mirror too.
    expect(res.json().data.phone1).toBeNull();
    expect((await get(`/customers/${created.id}`, a.owner)).json().data.phone1).toBeNull();
    const provider = (await import('../accounting/connection/accounting-for')).accountingFor;
    expect((await (await provider(app, a, a.clubAccountId)).customers.get(created.number)).name).toBe('Greta Golfsson-Lind');

    const taken = await send('POST', '/customers', a.owner, customer({ number: created.number }), 'en');
    expect([400, 409]).toContain(taken.statusCode);
    expect(taken.json().eng_message).toMatch(/customer number is already in use/i);
  });

  it('staff may read but not write; another organisation and an unknown id get 404', async () => {
    expect((await get('/customers', aStaff)).statusCode).toBe(200);
    expect((await send('POST', '/customers', aStaff, customer())).statusCode).toBe(403);
    expect((await get(`/customers/${created.id}`, b.owner)).statusCode).toBe(404);
    expect((await send('PUT', `/customers/${created.id}`, b.owner, customer())).statusCode).toBe(404);
    expect((await get('/customers/00000000-0000-4000-8000-000000000000', a.owner)).statusCode).toBe(404);
  });

  it('an organisation without a connection is told to connect, not given an error page', async () => {
    expect((await get('/customers', b.owner)).json().pagination.total).toBe(0);
    const res = await send('POST', '/customers', b.owner, customer(), 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().eng_message).toContain('not connected to an accounting program');
    expect(res.json().code).toBe('accounting.not_connected');
  });

  it('with "only team-created customers", a role sees only what its team created', async () => {
    const [first, second] = await teamMembers(app, a, 'Kansli', { onlyTeamCustomers: true });
    expect((await get('/customers', first)).json().pagination.total).toBe(0);
    const mine = (await send('POST', '/customers', first, customer({ name: 'Teamets kund', organisationNumber: null }))).json()
      .data as Customer;
    const seen = (await get('/customers', second)).json();
    expect(seen.pagination.total).toBe(1);
    expect(seen.data[0].id).toBe(mine.id);
    expect((await get(`/customers/${created.id}`, second)).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV and Excel', async () => {
    const csv = await get('/customers/export?format=csv&search=Golfsson', a.owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csvLines(csv);
    expect(lines[0]).toContain('Kundnummer;Namn');
    expect(lines.slice(1).some((l) => l.includes('Greta Golfsson-Lind'))).toBe(true);

    const xlsx = await get('/customers/export?format=xlsx', a.owner, 'en');
    expect(xlsx.headers['content-disposition']).toMatch(/customers-\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await firstSheet(xlsx);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Customer number');
    expect(sheet?.rowCount).toBe(sim.store.count(sim.defaultTenantId, 'customers') + 1);
  });

  it('answers the code lists and the quick search', async () => {
    const lists = (await get('/customizations', a.owner)).json().data;
    expect(lists.termsOfPayment.map((i: { code: string }) => i.code)).toContain('30');
    const options = (await get('/customers/search?q=Greta', a.owner)).json().data;
    expect(options[0]).toMatchObject({ id: created.id, name: 'Greta Golfsson-Lind' });
  });
});
