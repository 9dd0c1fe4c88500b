import { DEFAULT_ROLE_SCOPES, ROLES, type RoleDefinition, type RoleName, type Scope } from '@fairway/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Tenant } from '../organizations/tenant';
import { memberships } from '../users/users.tables';
import { type RoleRules, roleRules, roleScopes } from './permissions.service';
import { roles } from './permissions.tables';

type Conn = Db | Tx;

/** A role as the services use it: what it grants, not how it is stored. */
export interface RoleRef {
  id: string;
  name: string;
  system: boolean;
  scopes: Scope[];
  rules: RoleRules;
}

const toRef = (r: typeof roles.$inferSelect): RoleRef => ({
  id: r.id,
  name: r.name,
  system: r.system,
  scopes: roleScopes(r),
  rules: roleRules(r),
});

async function userCounts(conn: Conn, tenant: Tenant): Promise<Map<string, number>> {
  const rows = await conn
    .select({ roleId: memberships.roleId, n: count() })
    .from(memberships)
    .where(eq(memberships.organisationId, tenant.organisationId))
    .groupBy(memberships.roleId);
  return new Map(rows.map((r) => [r.roleId, r.n]));
}

/** The tenant's roles: the default roles in the order of `ROLES` (shared permissions/scopes.ts), then its own by name. */
export async function listRoles(conn: Conn, tenant: Tenant): Promise<RoleDefinition[]> {
  const [rows, counts] = await Promise.all([
    conn
      .select()
      .from(roles)
      .where(eq(roles.organisationId, tenant.organisationId))
      .orderBy(asc(sql`lower(${roles.name})`)),
    userCounts(conn, tenant),
  ]);
  const rank = (r: { name: string; system: boolean }) => {
    const i = (ROLES as readonly string[]).indexOf(r.name);
    return r.system && i >= 0 ? i : ROLES.length;
  };
  return rows.sort((a, b) => rank(a) - rank(b)).map((r) => ({ ...toRef(r), userCount: counts.get(r.id) ?? 0 }));
}

export async function findRole(conn: Conn, tenant: Tenant, id: string): Promise<RoleRef | null> {
  const [row] = await conn
    .select()
    .from(roles)
    .where(and(eq(roles.organisationId, tenant.organisationId), eq(roles.id, id)))
    .limit(1);
  return row ? toRef(row) : null;
}

export async function findRoleByName(conn: Conn, tenant: Tenant, name: string): Promise<RoleRef | null> {
  const [row] = await conn
    .select()
    .from(roles)
    .where(and(eq(roles.organisationId, tenant.organisationId), eq(roles.name, name)))
    .limit(1);
  return row ? toRef(row) : null;
}

/** Whether another role of the tenant already has `name`, ignoring case. */
export async function roleNameTaken(conn: Conn, tenant: Tenant, name: string, exceptId?: string): Promise<boolean> {
  const filters = [eq(roles.organisationId, tenant.organisationId), sql`lower(${roles.name}) = lower(${name})`];
  if (exceptId) filters.push(ne(roles.id, exceptId));
  const [row] = await conn
    .select({ id: roles.id })
    .from(roles)
    .where(and(...filters))
    .limit(1);
  return row !== undefined;
}

export interface RoleValues {
  name: string;
  scopes: Scope[];
  rules: RoleRules;
}

export async function insertRole(conn: Conn, tenant: Tenant, values: RoleValues): Promise<string> {
  const [row] = await conn
    .insert(roles)
    .values({ organisationId: tenant.organisationId, name: values.name, system: false, scopes: values.scopes, ...values.rules })
    .returning({ id: roles.id });
  if (!row) throw new Error('roles insert returned no row');
  return row.id;
}

/** Changes one of the tenant's own roles; default roles are never touched. */
export async function updateRole(conn: Conn, tenant: Tenant, id: string, values: RoleValues): Promise<void> {
  await conn
    .update(roles)
    .set({ name: values.name, scopes: values.scopes, ...values.rules })
    .where(and(eq(roles.organisationId, tenant.organisationId), eq(roles.id, id), eq(roles.system, false)));
}

export async function countRoleUsers(conn: Conn, tenant: Tenant, roleId: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.roleId, roleId)));
  return row?.n ?? 0;
}

export async function moveRoleUsers(conn: Conn, tenant: Tenant, fromRoleId: string, toRoleId: string): Promise<void> {
  await conn
    .update(memberships)
    .set({ roleId: toRoleId })
    .where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.roleId, fromRoleId)));
}

export async function deleteRole(conn: Conn, tenant: Tenant, id: string): Promise<void> {
  await conn.delete(roles).where(and(eq(roles.organisationId, tenant.organisationId), eq(roles.id, id), eq(roles.system, false)));
}

/**
 * Creates the default roles (docs/permissions.md#roles) for an organisation, leaving existing ones alone, and
 * answers every system role's id by name. Safe to call again (e.g. after a release adds a role).
 */
export async function ensureSystemRoles(conn: Conn, tenant: Tenant): Promise<Record<RoleName, string>> {
  const { organisationId } = tenant;
  await conn
    .insert(roles)
    .values(
      ROLES.map((name) => ({
        organisationId,
        name,
        system: true,
        scopes: [...DEFAULT_ROLE_SCOPES[name]],
      })),
    )
    .onConflictDoNothing({ target: [roles.organisationId, roles.name] });
  const rows = await conn
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.organisationId, organisationId), inArray(roles.name, [...ROLES])));
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<RoleName, string>;
  for (const name of ROLES) {
    if (!byName[name]) throw new Error(`system role ${name} missing for organisation ${organisationId}`);
  }
  return byName;
}
