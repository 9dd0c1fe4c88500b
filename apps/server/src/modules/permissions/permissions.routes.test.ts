import {
  ALL_SCOPES,
  type CurrentUser,
  DEFAULT_ROLE_SCOPES,
  ROLES,
  type RoleDefinition,
  SCOPE_CATEGORIES,
  type User,
  VALIDATION_MESSAGES,
} from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { memberships } from '../users/users.tables';
import { roles } from './permissions.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;
let aManager: TestMember;
let aStaff: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK' });
  aOther = await addMember(app, a, 'Other');
  aManager = await addMember(app, a, 'Manager');
  aStaff = await addMember(app, a, 'Staff');
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
    const data = (res.json() as { data: RoleDefinition[] }).data;
    expect(data.map((r) => r.name)).toEqual([...ROLES]);
    expect(data.every((r) => r.system)).toBe(true);
    expect(data.find((r) => r.name === 'Owner')?.userCount).toBe(1);
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

type Json = Record<string, unknown>;
const call = (
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  who: { headers: { authorization: string } } | null,
  payload?: unknown,
  lang?: 'en',
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const roleOf = (res: { json: () => unknown }) => (res.json() as { data: RoleDefinition }).data;
const rolesOf = async (who: TestMember) =>
  ((await call('GET', '/permissions/roles', who)).json() as { data: RoleDefinition[] }).data;
const idOf = async (who: TestMember, name: string) => {
  const role = (await rolesOf(who)).find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};
const me = async (who: TestMember) => ((await call('GET', '/users/me', who)).json() as { data: CurrentUser }).data;
const sv = (key: keyof typeof VALIDATION_MESSAGES) => VALIDATION_MESSAGES[key].sv;

describe('POST /permissions/roles', () => {
  it('creates a role with a name, scopes and rule toggles, listed after the default roles', async () => {
    const res = await call('POST', '/permissions/roles', a.owner, {
      name: '  Kassör ',
      scopes: ['invoices.read', 'members.read', 'invoices.read'],
      rules: { onlyTeamCustomers: true },
    });
    expect(res.statusCode).toBe(201);
    expect(roleOf(res)).toEqual({
      id: expect.any(String),
      name: 'Kassör',
      system: false,
      scopes: ['invoices.read', 'members.read'],
      rules: { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: true },
      userCount: 0,
    });
    const list = await rolesOf(a.owner);
    expect(list.map((r) => r.name)).toEqual([...ROLES, 'Kassör']);
    // Another organisation may use the same name.
    expect((await call('POST', '/permissions/roles', b.owner, { name: 'Kassör', scopes: ['members.read'] })).statusCode).toBe(
      201,
    );
  });

  it('keeps names unique in the organisation, ignoring case, and the default names reserved', async () => {
    for (const name of ['Kassör', 'KASSÖR', 'owner', 'Staff']) {
      const res = await call('POST', '/permissions/roles', a.owner, { name, scopes: ['members.read'] });
      expect(res.statusCode, name).toBe(400);
      expect((res.json() as { error: Json }).error, name).toEqual({ name: [sv('role_name_taken')] });
    }
    const en = await call('POST', '/permissions/roles', a.owner, { name: 'kassör', scopes: ['members.read'] }, 'en');
    expect((en.json() as { error: Json }).error).toEqual({ name: [VALIDATION_MESSAGES.role_name_taken.en] });
  });

  it('takes scopes from the shared list only, and refuses bad bodies field by field', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'X', scopes: ['invoices.delete'] }, 'scopes.0'],
      [{ name: 'X', scopes: [] }, 'scopes'],
      [{ name: 'X' }, 'scopes'],
      [{ name: '', scopes: ['members.read'] }, 'name'],
      [{ name: 'x'.repeat(61), scopes: ['members.read'] }, 'name'],
      [{ name: 'X', scopes: ['members.read'], rules: { onlyTeamInvoices: true } }, 'rules.onlyTeamInvoices'],
      [{ name: 'X', scopes: ['members.read'], rules: { onlyTeamOffers: 'yes' } }, 'rules.onlyTeamOffers'],
      [{ name: 'X', scopes: ['members.read'], system: true }, 'system'],
      [{ name: 'X', scopes: Array(ALL_SCOPES.length + 1).fill('members.read') }, 'scopes'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/permissions/roles', a.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys((res.json() as { error: Json }).error), JSON.stringify(payload)).toContain(field);
    }
    expect((await rolesOf(a.owner)).some((r) => r.name === 'X')).toBe(false);
  });

  it('needs roles.manage, which only the Owner has among the default roles', async () => {
    for (const who of [aManager, aStaff, aOther]) {
      const res = await call('POST', '/permissions/roles', who, { name: 'Manager made', scopes: ['members.read'] });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('POST', '/permissions/roles', null, { name: 'Anon', scopes: ['members.read'] })).statusCode).toBe(401);
  });

  it('lets someone with roles.manage grant only the scopes they hold', async () => {
    const adminRole = roleOf(
      await call('POST', '/permissions/roles', a.owner, {
        name: 'Rolladmin',
        scopes: ['roles.manage', 'members.read', 'users.read'],
      }),
    );
    const admin = await addMember(app, a, 'Other', { roleId: adminRole.id });
    const refused = await call(
      'POST',
      '/permissions/roles',
      admin,
      { name: 'Mer', scopes: ['members.read', 'subscription.manage'] },
      'en',
    );
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as Json).eng_message).toBe(
      'You cannot grant the scope subscription.manage because you do not hold it yourself',
    );
    // Nor widen the role they hold themself.
    const widen = await call('PUT', `/permissions/roles/${adminRole.id}`, admin, {
      name: 'Rolladmin',
      scopes: ['roles.manage', 'members.read', 'users.read', 'users.manage'],
    });
    expect(widen.statusCode).toBe(403);
    expect(
      (await call('POST', '/permissions/roles', admin, { name: 'Medlemsläsare', scopes: ['members.read'] })).statusCode,
    ).toBe(201);
  });
});

describe('a custom role is enforced by the server', () => {
  it('gives its holder exactly its scopes on every call, and a change applies at once', async () => {
    const role = roleOf(await call('POST', '/permissions/roles', a.owner, { name: 'Receptionist', scopes: ['members.read'] }));
    const member = await addMember(app, a, 'Other', { roleId: role.id });
    expect((await me(member)).scopes).toEqual(['members.read']);
    expect((await me(member)).role).toBe('Other');
    expect((await call('GET', '/users', member)).statusCode).toBe(403);

    const changed = await call('PUT', `/permissions/roles/${role.id}`, a.owner, {
      name: 'Reception',
      scopes: ['members.read', 'users.read'],
      rules: { onlyTeamDocuments: true, onlyTeamContracts: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(roleOf(changed)).toMatchObject({
      name: 'Reception',
      scopes: ['members.read', 'users.read'],
      rules: { onlyTeamDocuments: true, onlyTeamContracts: true, onlyTeamOffers: false, onlyTeamCustomers: false },
      userCount: 1,
    });
    expect((await me(member)).scopes).toEqual(['members.read', 'users.read']);
    const list = await call('GET', '/users?pageSize=100', member);
    expect(list.statusCode).toBe(200);
    const listed = (list.json() as { data: User[] }).data.find((u) => u.id === member.userId);
    expect(listed).toMatchObject({ role: 'Other', roleId: role.id, roleName: 'Reception' });
  });
});

describe('PUT /permissions/roles/{id}', () => {
  it('refuses to change a default role, the Owner role above all', async () => {
    for (const name of ['Owner', 'Manager', 'Accountant']) {
      const id = await idOf(a.owner, name);
      const res = await call('PUT', `/permissions/roles/${id}`, a.owner, { name, scopes: ['members.read'] }, 'en');
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ eng_message: `The default role ${name} cannot be changed or removed` });
    }
    expect((await rolesOf(a.owner)).find((r) => r.name === 'Owner')?.scopes).toEqual([...DEFAULT_ROLE_SCOPES.Owner]);
  });

  it('keeps names unique, answers 404 for other organisations’ and unknown roles', async () => {
    const id = await idOf(a.owner, 'Kassör');
    expect(
      (await call('PUT', `/permissions/roles/${id}`, a.owner, { name: 'Kassör', scopes: ['invoices.read'] })).statusCode,
    ).toBe(200);
    const taken = await call('PUT', `/permissions/roles/${id}`, a.owner, { name: 'rolladmin', scopes: ['invoices.read'] });
    expect(taken.statusCode).toBe(400);
    expect((taken.json() as { error: Json }).error).toEqual({ name: [sv('role_name_taken')] });

    const foreign = await idOf(b.owner, 'Kansli');
    expect(
      (await call('PUT', `/permissions/roles/${foreign}`, a.owner, { name: 'Mine', scopes: ['members.read'] })).statusCode,
    ).toBe(404);
    expect((await rolesOf(b.owner)).find((r) => r.id === foreign)?.name).toBe('Kansli');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('PUT', `/permissions/roles/${unknown}`, a.owner, { name: 'N', scopes: ['members.read'] })).statusCode,
    ).toBe(404);
    expect((await call('PUT', '/permissions/roles/abc', a.owner, { name: 'N', scopes: ['members.read'] })).statusCode).toBe(400);
    expect((await call('PUT', `/permissions/roles/${id}`, aManager, { name: 'N', scopes: ['members.read'] })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /permissions/roles/{id}', () => {
  it('checks a role to move users to even when nobody has to move', async () => {
    const role = roleOf(await call('POST', '/permissions/roles', a.owner, { name: 'Ingen flyttas', scopes: ['members.read'] }));
    const foreign = await call('DELETE', `/permissions/roles/${role.id}?reassignTo=${await idOf(b.owner, 'Staff')}`, a.owner);
    expect(foreign.statusCode).toBe(400);
    expect((foreign.json() as { error: Json }).error).toHaveProperty('reassignTo');
    expect((await rolesOf(a.owner)).some((r) => r.id === role.id)).toBe(true);
  });

  it('refuses a role in use, naming how many users have it, or moves them to another role', async () => {
    const role = roleOf(await call('POST', '/permissions/roles', a.owner, { name: 'Tillfällig', scopes: ['members.read'] }));
    const one = await addMember(app, a, 'Other', { roleId: role.id });
    const two = await addMember(app, a, 'Other', { roleId: role.id, status: 'invited' });

    const refused = await call('DELETE', `/permissions/roles/${role.id}`, a.owner, undefined, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Rollen Tillfällig används av 2 användare. Ge dem en annan roll innan du tar bort rollen.',
      eng_message: 'The role Tillfällig is held by 2 users. Give them another role before removing the role.',
      error: 'The role Tillfällig is held by 2 users. Give them another role before removing the role.',
    });

    const self = await call('DELETE', `/permissions/roles/${role.id}?reassignTo=${role.id}`, a.owner);
    expect(self.statusCode).toBe(400);
    expect((self.json() as { error: Json }).error).toHaveProperty('reassignTo');
    const foreign = await call('DELETE', `/permissions/roles/${role.id}?reassignTo=${await idOf(b.owner, 'Staff')}`, a.owner);
    expect(foreign.statusCode).toBe(400);

    const staff = await idOf(a.owner, 'Staff');
    const moved = await call('DELETE', `/permissions/roles/${role.id}?reassignTo=${staff}`, a.owner);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ data: { id: role.id } });
    expect((await rolesOf(a.owner)).some((r) => r.id === role.id)).toBe(false);
    const rows = await app.db.select().from(memberships).where(eq(memberships.roleId, staff));
    expect(rows.map((r) => r.userId)).toEqual(expect.arrayContaining([one.userId, two.userId]));
    expect((await me(one)).role).toBe('Staff');
  });

  it('removes an unused role; default roles, other organisations’ roles and callers without roles.manage are refused', async () => {
    const role = roleOf(await call('POST', '/permissions/roles', a.owner, { name: 'Oanvänd', scopes: ['members.read'] }));
    expect((await call('DELETE', `/permissions/roles/${role.id}`, aManager)).statusCode).toBe(403);
    expect((await call('DELETE', `/permissions/roles/${await idOf(b.owner, 'Kansli')}`, a.owner)).statusCode).toBe(404);
    const owner = await call('DELETE', `/permissions/roles/${await idOf(a.owner, 'Owner')}`, a.owner, undefined, 'en');
    expect(owner.statusCode).toBe(400);
    // The default role is named in each reader's language.
    expect(owner.json()).toMatchObject({
      message: 'Standardrollen Ägare kan inte ändras eller tas bort',
      eng_message: 'The default role Owner cannot be changed or removed',
    });
    expect((await call('DELETE', `/permissions/roles/${role.id}?force=1`, a.owner)).statusCode).toBe(400);
    expect((await call('DELETE', `/permissions/roles/${role.id}`, a.owner)).statusCode).toBe(200);
    expect((await call('DELETE', `/permissions/roles/${role.id}`, a.owner)).statusCode).toBe(404);
  });

  it('moves users only to a role the remover may give', async () => {
    const adminId = await idOf(a.owner, 'Rolladmin');
    const admin = await addMember(app, a, 'Other', { roleId: adminId });
    const role = roleOf(await call('POST', '/permissions/roles', admin, { name: 'Flytt', scopes: ['members.read'] }));
    await addMember(app, a, 'Other', { roleId: role.id });
    const toOwner = await call(
      'DELETE',
      `/permissions/roles/${role.id}?reassignTo=${await idOf(a.owner, 'Owner')}`,
      admin,
      undefined,
      'en',
    );
    expect(toOwner.statusCode).toBe(403);
    expect((toOwner.json() as Json).eng_message).toBe('Only users with role Owner can invite or appoint other owners');
    expect((await rolesOf(a.owner)).find((r) => r.id === role.id)?.userCount).toBe(1);
  });
});

describe('users with an organisation’s own role', () => {
  it('are invited and changed by roleId; the role choices still hold', async () => {
    const cashier = await idOf(a.owner, 'Kassör');
    const invited = await call('POST', '/users/invite', a.owner, {
      name: 'Kim Kassör',
      email: 'kim.kassor@example.se',
      roleId: cashier,
    });
    expect(invited.statusCode).toBe(201);
    const user = (invited.json() as { data: User }).data;
    expect(user).toMatchObject({ role: 'Other', roleId: cashier, roleName: 'Kassör', status: 'invited' });

    // A Manager may give an own role that grants nothing the Manager lacks, not one that does.
    const byManager = await call('PUT', `/users/${user.id}`, aManager, { roleId: await idOf(a.owner, 'Reception') });
    expect(byManager.statusCode).toBe(200);
    const tooMuch = await call('PUT', `/users/${user.id}`, aManager, { roleId: await idOf(a.owner, 'Rolladmin') }, 'en');
    expect(tooMuch.statusCode).toBe(403);
    expect((tooMuch.json() as Json).eng_message).toBe('You cannot give the role Rolladmin');
    const owner = await call('PUT', `/users/${user.id}`, aManager, { roleId: await idOf(a.owner, 'Owner') });
    expect(owner.statusCode).toBe(403);
    const invite = await call('POST', '/users/invite', aManager, {
      name: 'R',
      email: 'r.admin@example.se',
      roleId: await idOf(a.owner, 'Rolladmin'),
    });
    expect(invite.statusCode).toBe(403);
  });

  it('refuses a role of another organisation, and a body naming the role twice', async () => {
    const foreign = await idOf(b.owner, 'Kansli');
    const invite = await call('POST', '/users/invite', a.owner, { name: 'F', email: 'f.foreign@example.se', roleId: foreign });
    expect(invite.statusCode).toBe(400);
    expect((invite.json() as { error: Json }).error).toEqual({
      roleId: [VALIDATION_MESSAGES.invalid_value.sv.replace('{field}', 'roll')],
    });
    const put = await call('PUT', `/users/${aStaff.userId}`, a.owner, { roleId: foreign });
    expect(put.statusCode).toBe(400);
    const both = await call('POST', '/users/invite', a.owner, {
      name: 'B',
      email: 'b.both@example.se',
      role: 'Staff',
      roleId: await idOf(a.owner, 'Kassör'),
    });
    expect(both.statusCode).toBe(400);
    expect((both.json() as { error: Json }).error).toHaveProperty('roleId');
    const none = await call('POST', '/users/invite', a.owner, { name: 'N', email: 'n.none@example.se' }, 'en');
    expect((none.json() as { error: Json }).error).toEqual({ role: ['Choose a role'] });
    expect((await me(aStaff)).role).toBe('Staff');
  });
});
