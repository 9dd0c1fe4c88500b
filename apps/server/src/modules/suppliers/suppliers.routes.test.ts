import { randomUUID } from 'node:crypto';
import type { Supplier, SupplierRow } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../../test/fixtures/accounting';
import { seedDocuments } from '../../../test/fixtures/duplicates';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { roles } from '../permissions/permissions.tables';
import { suppliers } from './suppliers.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;
let get: ReturnType<typeof apiAs>['get'];
let bSupplier: string;

const supplier = (org: TestOrganisation, number: string, name: string, city: string, active = true) => ({
  organisationId: org.organisationId,
  clubAccountId: org.clubAccountId,
  number,
  name,
  city,
  organisationNumber: `556${number.padStart(3, '0')}-0000`,
  email: `${number}@example.se`,
  bankgiro: `50${number}-1055`,
  active,
  data: {
    number,
    name,
    address: { address1: 'Industrivägen 4', address2: null, zipCode: '752 67', city, countryCode: 'SE' },
    bankAccount: 'SE45 5000 0000 0583 9825 7466',
    currency: 'SEK',
  },
});

beforeAll(async () => {
  t = await createTestApp({ BRAND: 'dubbelkoll' });
  app = t.app;
  ({ get } = apiAs(app));
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aOther = await addMember(app, a, 'Other');
  await app.db
    .insert(suppliers)
    .values([
      supplier(a, '1', 'Gräsklipparna AB', 'Uppsala'),
      supplier(a, '2', 'Bollfabriken AB', 'Borås'),
      supplier(a, '3', 'Åkeriet i Enköping', 'Enköping', false),
      ...Array.from({ length: 30 }, (_, i) => supplier(a, String(10 + i), `Leverantör ${String(10 + i)}`, 'Stockholm')),
    ]);
  const [own] = await app.db
    .insert(suppliers)
    .values(supplier(b, '1', 'Betas leverantör', 'Malmö'))
    .returning();
  bSupplier = own?.id as string;
  await seedDocuments(app, { organisationId: a.organisationId, clubAccountId: a.clubAccountId }, [
    { counterpartyNumber: '1' },
    { counterpartyNumber: '1' },
    { counterpartyNumber: '2' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('GET suppliers', () => {
  it('lists the club account’s suppliers with paging, sorting, search and the active filter', async () => {
    const page = await get('/suppliers?pageSize=10', aOther);
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toEqual({ page: 1, pageSize: 10, total: 33 });
    expect(page.json().data).toHaveLength(10);

    const byName = (await get('/suppliers?sort=name&order=asc&pageSize=3', a.owner)).json().data as SupplierRow[];
    expect(byName.map((s) => s.name)).toEqual(['Bollfabriken AB', 'Gräsklipparna AB', 'Leverantör 10']);
    const found = (await get(`/suppliers?search=${encodeURIComponent('gräsklip')}`, a.owner)).json().data as SupplierRow[];
    expect(found.map((s) => s.number)).toEqual(['1']);
    const byBankgiro = (await get('/suppliers?search=502-1055', a.owner)).json().data as SupplierRow[];
    expect(byBankgiro.map((s) => s.number)).toEqual(['2']);
    const inactive = (await get('/suppliers?status=inactive', a.owner)).json().data as SupplierRow[];
    expect(inactive.map((s) => s.name)).toEqual(['Åkeriet i Enköping']);
    expect((await get('/suppliers?sort=colour', a.owner)).statusCode).toBe(400);
    expect((await get('/suppliers', b.owner)).json().data.map((s: SupplierRow) => s.id)).toEqual([bSupplier]);
  });

  it('answers one supplier with its address and supplier invoices; another organisation’s is not found', async () => {
    const [row] = (await get('/suppliers?search=Gräsklipparna', a.owner)).json().data as SupplierRow[];
    const one = await get(`/suppliers/${row?.id}`, aOther);
    expect(one.statusCode).toBe(200);
    expect(one.json().data as Supplier).toMatchObject({
      number: '1',
      name: 'Gräsklipparna AB',
      address: { address1: 'Industrivägen 4', zipCode: '752 67', city: 'Uppsala', countryCode: 'SE' },
      bankAccount: 'SE45 5000 0000 0583 9825 7466',
      currency: 'SEK',
      supplierInvoices: 2,
    });
    for (const id of [bSupplier, randomUUID()]) {
      const res = await get(`/suppliers/${id}`, a.owner, 'en');
      expect(res.statusCode).toBe(404);
      expect(res.json().eng_message).toBe('The supplier does not exist.');
    }
  });

  it('refuses a role without suppliers.read', async () => {
    const [role] = await app.db
      .insert(roles)
      .values({ organisationId: a.organisationId, name: 'Bara kunder', scopes: ['customers.read'] })
      .returning();
    const narrow = await addMember(app, a, 'Staff', { roleId: role?.id });
    expect((await get('/suppliers', narrow)).statusCode).toBe(403);
  });
});
