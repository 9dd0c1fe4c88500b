import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aOther = await addMember(app, a, 'Other');
});

afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'PUT', who: { headers: Record<string, string> } | null, payload?: object) =>
  app.inject({
    method,
    url: '/api/v1/hidden_resources',
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload }),
  });

const idsOf = (res: { json(): unknown }) => (res.json() as { data: { resourceIds: string[] } }).data.resourceIds;

describe('hidden_resources', () => {
  it('starts empty and keeps what the user saves, without duplicates', async () => {
    const empty = await api('GET', aOther);
    expect(empty.statusCode).toBe(200);
    expect(idsOf(empty)).toEqual([]);

    const saved = await api('PUT', aOther, { resourceIds: ['duplicates/voucher', 'nav:statistics', 'duplicates/voucher'] });
    expect(saved.statusCode).toBe(200);
    expect(idsOf(saved)).toEqual(['duplicates/voucher', 'nav:statistics']);
    expect(idsOf(await api('GET', aOther))).toEqual(['duplicates/voucher', 'nav:statistics']);

    expect(idsOf(await api('PUT', aOther, { resourceIds: [] }))).toEqual([]);
  });

  it('is kept per user and per organisation', async () => {
    await api('PUT', a.owner, { resourceIds: ['duplicates/order'] });
    await api('PUT', aOther, { resourceIds: ['duplicates/invoice'] });
    expect(idsOf(await api('GET', a.owner))).toEqual(['duplicates/order']);
    expect(idsOf(await api('GET', aOther))).toEqual(['duplicates/invoice']);
    expect(idsOf(await api('GET', b.owner))).toEqual([]);
  });

  it('refuses ids of a strange shape, too many ids and unknown fields', async () => {
    const bad = await api('PUT', aOther, { resourceIds: ['ok', 'not ok <script>'], extra: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { error: object }).error).sort()).toEqual(['extra', 'resourceIds.1']);
    const many = await api('PUT', aOther, { resourceIds: Array.from({ length: 201 }, (_, i) => `r${i}`) });
    expect(many.statusCode).toBe(400);
  });

  it('needs sign-in', async () => {
    expect((await api('GET', null)).statusCode).toBe(401);
    expect((await api('PUT', null, { resourceIds: [] })).statusCode).toBe(401);
  });
});
