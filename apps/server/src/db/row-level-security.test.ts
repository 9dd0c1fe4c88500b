import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { App } from '../app';
import { findRole, insertRole, listRoles } from '../modules/permissions/permissions.repository';
import { roleRules } from '../modules/permissions/permissions.service';
import { roles } from '../modules/permissions/permissions.tables';
import { authenticated } from '../plugins/auth';
import { APP_ROLE } from './row-level-security';
import { asSystem, withTenant } from './tenant-context';

/** SQLSTATE insufficient_privilege: "new row violates row-level security policy". */
const RLS_REFUSED = '42501';

/** The SQLSTATE of a refused query (Drizzle wraps the driver's error). */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

const noRules = roleRules({
  onlyTeamDocuments: false,
  onlyTeamContracts: false,
  onlyTeamOffers: false,
  onlyTeamCustomers: false,
});

/**
 * Routes that "forget" their tenant checks on purpose: an unscoped query, a repository called
 * with an organisation id taken from the URL instead of `request.auth`.
 */
const forgetfulRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance as unknown as App;
  app.get('/forgetful/roles', { ...authenticated(app) }, async () => {
    const rows = await app.db.select({ organisationId: roles.organisationId }).from(roles);
    return { data: [...new Set(rows.map((r) => r.organisationId))] };
  });
  // Not async: it hands Fastify a Drizzle query that runs only when Fastify awaits it.
  app.get('/forgetful/roles-unawaited', { ...authenticated(app) }, () =>
    app.db.select({ organisationId: roles.organisationId }).from(roles),
  );
  app.get<{ Params: { organisationId: string; roleId: string } }>(
    '/forgetful/organisations/:organisationId/roles/:roleId',
    { ...authenticated(app) },
    async (request, reply) => {
      const role = await findRole(app.db, { organisationId: request.params.organisationId }, request.params.roleId);
      return role ? { data: role } : reply.code(404).send({ message: 'Hittades inte', eng_message: 'Not found' });
    },
  );
  app.post<{ Params: { organisationId: string } }>(
    '/forgetful/organisations/:organisationId/roles',
    { ...authenticated(app) },
    async (request, reply) => {
      try {
        const id = await insertRole(app.db, request.params, { name: 'Inkräktare', scopes: [], rules: noRules });
        return reply.code(201).send({ data: { id } });
      } catch (error) {
        return reply.code(403).send({ message: 'Nekad', eng_message: 'Refused', error: sqlState(error) });
      }
    },
  );
  app.put<{ Params: { roleId: string } }>('/forgetful/roles/:roleId', { ...authenticated(app) }, async (request) => {
    const changed = await app.db
      .update(roles)
      .set({ name: 'Kapad' })
      .where(eq(roles.id, request.params.roleId))
      .returning({ id: roles.id });
    return { data: { changed: changed.length } };
  });
};

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let roleOfB: string;

beforeAll(async () => {
  t = await createTestApp({}, { modules: [forgetfulRoutes] });
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK' });
  const [role] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.organisationId, b.organisationId)).limit(1);
  if (!role) throw new Error('Beta GK has no roles');
  roleOfB = role.id;
});

afterAll(async () => {
  await t?.close();
});

const organisationsSeen = async () => {
  const rows = await app.db.select({ organisationId: roles.organisationId }).from(roles);
  return [...new Set(rows.map((r) => r.organisationId))].sort();
};

describe('row-level security: the database itself keeps organisations apart', () => {
  it('every table with an organisation_id has row-level security enabled, forced and the tenant policy', async () => {
    const { rows } = await app.database.executeSql(`
      select c.relname as "table", c.relrowsecurity as "enabled", c.relforcerowsecurity as "forced",
             exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                     and p.policyname = 'tenant_isolation' and p.cmd = 'ALL'
                     and p.qual like '%organisation_id%' and p.with_check like '%organisation_id%') as "policy"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'organisation_id' and not a.attisdropped
      where c.relkind in ('r', 'p')
      order by c.relname`);
    // The tables of today, so the list cannot silently come back empty.
    expect(rows.length).toBeGreaterThanOrEqual(50);
    const missing = rows
      .filter((r) => !(r.enabled && r.forced && r.policy))
      .map(
        (r) =>
          `${r.table}: ${[!r.enabled && 'not enabled', !r.forced && 'not forced', !r.policy && 'no tenant_isolation policy'].filter(Boolean).join(', ')}`,
      );
    expect(
      missing,
      'A tenant table needs tenantIsolation(t.organisationId) in its pgTable (db/row-level-security.ts) and ' +
        '`ALTER TABLE … FORCE ROW LEVEL SECURITY` in its migration',
    ).toEqual([]);
  });

  it('the application works as a role that is no superuser and cannot bypass row-level security', async () => {
    const { rows } = await app.database.executeSql(
      'select current_user as "user", r.rolsuper as "super", r.rolbypassrls as "bypass" from pg_roles r where r.rolname = current_user',
    );
    expect(rows).toEqual([{ user: APP_ROLE, super: false, bypass: false }]);
    const result = (await app.db.execute(sql`select current_user as "user"`)) as unknown as { rows: { user: string }[] };
    const [viaDrizzle] = result.rows;
    expect(viaDrizzle?.user).toBe(APP_ROLE);
  });

  it('an unscoped query for one organisation sees only its rows; system work sees all', async () => {
    expect(await withTenant(a.organisationId, organisationsSeen)).toEqual([a.organisationId]);
    expect(await withTenant(b.organisationId, organisationsSeen)).toEqual([b.organisationId]);
    // Back and forth on the same connection: the setting follows the caller, not the last one.
    expect(await withTenant(a.organisationId, organisationsSeen)).toEqual([a.organisationId]);
    expect(await organisationsSeen()).toEqual([a.organisationId, b.organisationId].sort());
    expect(await withTenant(a.organisationId, () => asSystem(organisationsSeen))).toEqual(
      [a.organisationId, b.organisationId].sort(),
    );
    // A Drizzle query returned unawaited still runs for the organisation it was made for.
    const unawaited = await withTenant(b.organisationId, () =>
      app.db.select({ organisationId: roles.organisationId }).from(roles),
    );
    expect(new Set(unawaited.map((r) => r.organisationId))).toEqual(new Set([b.organisationId]));
  });

  it("refuses to write another organisation's rows, inside a transaction too", async () => {
    await withTenant(a.organisationId, async () => {
      const refused = await insertRole(
        app.db,
        { organisationId: b.organisationId },
        { name: 'Inkräktare', scopes: [], rules: noRules },
      ).then(() => 'written', sqlState);
      expect(refused).toBe(RLS_REFUSED);

      const changed = await app.db.update(roles).set({ name: 'Kapad' }).where(eq(roles.id, roleOfB)).returning({ id: roles.id });
      expect(changed).toEqual([]);
      const moved = await app.db
        .update(roles)
        .set({ organisationId: b.organisationId })
        .where(eq(roles.organisationId, a.organisationId))
        .then(() => 'moved', sqlState);
      expect(moved).toBe(RLS_REFUSED);

      const inTransaction = await app.db
        .transaction(async (tx) => {
          const seen = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleOfB));
          expect(seen).toEqual([]);
          const deleted = await tx.delete(roles).where(eq(roles.id, roleOfB)).returning({ id: roles.id });
          expect(deleted).toEqual([]);
          await tx.insert(roles).values({ organisationId: b.organisationId, name: 'Inkräktare', system: false, scopes: [] });
        })
        .then(() => 'committed', sqlState);
      expect(inTransaction).toBe(RLS_REFUSED);

      // A repository handed the other organisation's id finds nothing.
      expect(await findRole(app.db, { organisationId: b.organisationId }, roleOfB)).toBeNull();
      expect(await listRoles(app.db, { organisationId: b.organisationId })).toEqual([]);
    });

    const [stillThere] = await app.db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleOfB));
    expect(stillThere?.name).not.toBe('Kapad');
    expect(await app.db.select().from(roles).where(eq(roles.name, 'Inkräktare'))).toEqual([]);
  });
});

describe("row-level security: a signed-in call cannot reach another organisation's rows", () => {
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, org: TestOrganisation) =>
    app.inject({ method, url: `/api/v1${url}`, headers: org.owner.headers, ...(method === 'GET' ? {} : { payload: {} }) });

  it('an unscoped list answers only the caller’s organisation', async () => {
    const res = await api('GET', '/forgetful/roles', a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [a.organisationId] });
    expect((await api('GET', '/forgetful/roles', b)).json()).toEqual({ data: [b.organisationId] });
    const unawaited = (await api('GET', '/forgetful/roles-unawaited', a)).json() as { organisationId: string }[];
    expect(new Set(unawaited.map((r) => r.organisationId))).toEqual(new Set([a.organisationId]));
  });

  it('a repository handed another organisation’s id finds nothing, changes nothing and adds nothing', async () => {
    const read = await api('GET', `/forgetful/organisations/${b.organisationId}/roles/${roleOfB}`, a);
    expect(read.statusCode).toBe(404);
    expect((await api('GET', `/forgetful/organisations/${b.organisationId}/roles/${roleOfB}`, b)).statusCode).toBe(200);

    const written = await api('POST', `/forgetful/organisations/${b.organisationId}/roles`, a);
    expect(written.statusCode).toBe(403);
    expect(written.json()).toMatchObject({ error: RLS_REFUSED });

    const changed = await api('PUT', `/forgetful/roles/${roleOfB}`, a);
    expect(changed.json()).toEqual({ data: { changed: 0 } });
    const [role] = await app.db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleOfB));
    expect(role?.name).not.toBe('Kapad');
  });
});
