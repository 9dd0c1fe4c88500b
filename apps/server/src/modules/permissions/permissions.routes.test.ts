import { ALL_SCOPES, DEFAULT_ROLE_SCOPES, ROLES, SCOPE_CATEGORIES } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../users/test-fixtures';
import { roles } from './permissions.schema';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK' });
  aOther = await addMember(app, a, 'Other');
  await app.db.insert(roles).values({ organisationId: b.organisationId, name: 'Kansli', scopes: ['members.read'] });
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('GET /permissions/roles', () => {
  it('answers the organisation’s roles with their scopes and rules, and only its own', async () => {
    const res = await get('/permissions/roles', aOther.headers);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { id: string; name: string; system: boolean; scopes: string[]; rules: object }[] }).data;
    expect(data.map((r) => r.name)).toEqual([...ROLES]);
    expect(data.find((r) => r.name === 'Staff')?.scopes).toEqual([...DEFAULT_ROLE_SCOPES.Staff]);
    expect(data[0]?.rules).toEqual({
      onlyTeamDocuments: false,
      onlyTeamContracts: false,
      onlyTeamOffers: false,
      onlyTeamCustomers: false,
    });

    const other = (await get('/permissions/roles', b.owner.headers).then((r) => r.json())) as {
      data: { id: string; name: string; system: boolean }[];
    };
    expect(other.data.map((r) => r.name)).toEqual([...ROLES, 'Kansli']);
    expect(other.data.at(-1)?.system).toBe(false);
    const ids = new Set(data.map((r) => r.id));
    expect(other.data.some((r) => ids.has(r.id))).toBe(false);
  });
});

describe('GET /permissions/scopes and /permissions/scope_categories', () => {
  it('answers every scope with its category', async () => {
    const scopes = (await get('/permissions/scopes', aOther.headers).then((r) => r.json())) as {
      data: { name: string; category: string }[];
    };
    expect(scopes.data.map((s) => s.name)).toEqual([...ALL_SCOPES]);
    expect(scopes.data.find((s) => s.name === 'users.manage')?.category).toBe('configuration');

    const categories = (await get('/permissions/scope_categories', aOther.headers).then((r) => r.json())) as {
      data: { id: string; scopes: string[] }[];
    };
    expect(categories.data.map((c) => c.id)).toEqual([...SCOPE_CATEGORIES]);
    expect(categories.data.flatMap((c) => c.scopes).sort()).toEqual([...ALL_SCOPES].sort());
  });

  it('needs a token and takes no query', async () => {
    for (const url of ['/permissions/roles', '/permissions/scopes', '/permissions/scope_categories']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(`${url}?x=1`, aOther.headers)).statusCode, url).toBe(400);
    }
  });
});
