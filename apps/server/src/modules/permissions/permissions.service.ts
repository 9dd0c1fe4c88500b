import { ALL_SCOPES, DEFAULT_ROLE_SCOPES, ROLE_RULES, ROLES, type RoleName, type RoleRule, type Scope } from '@fairway/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type MessageParam, messages } from '../../lib/i18n';
import { roles } from './permissions.tables';

export type RoleRow = typeof roles.$inferSelect;
export type RoleRules = Record<RoleRule, boolean>;

const KNOWN_SCOPES = new Set<string>(ALL_SCOPES);

export function isSystemRoleName(name: string): name is RoleName {
  return (ROLES as readonly string[]).includes(name);
}

/**
 * The scopes a role grants. A system role always grants the code's current defaults, so a scope
 * added in a release reaches every organisation's Owner without a data migration; a custom role
 * grants what was stored, less any scope the code no longer knows.
 */
export function roleScopes(role: Pick<RoleRow, 'name' | 'system' | 'scopes'>): Scope[] {
  if (role.system && isSystemRoleName(role.name)) return [...DEFAULT_ROLE_SCOPES[role.name]];
  return role.scopes.filter((s): s is Scope => KNOWN_SCOPES.has(s));
}

/** A role's name as a message placeholder: a default role in the reader's language, an own role as named. */
export function roleNameParam(role: Pick<RoleRow, 'name' | 'system'>): MessageParam {
  return role.system && isSystemRoleName(role.name) ? messages[`permissions.roleName.${role.name}`] : role.name;
}

export function roleRules(role: Pick<RoleRow, RoleRule>): RoleRules {
  return Object.fromEntries(ROLE_RULES.map((rule) => [rule, role[rule]])) as RoleRules;
}

/**
 * Creates the default roles (docs/permissions.md#roles) for an organisation, leaving existing ones alone, and
 * answers every system role's id by name. Safe to call again (e.g. after a release adds a role).
 */
export async function ensureSystemRoles(tx: Db | Tx, organisationId: string): Promise<Record<RoleName, string>> {
  await tx
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
  const rows = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.organisationId, organisationId), inArray(roles.name, [...ROLES])));
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<RoleName, string>;
  for (const name of ROLES) {
    if (!byName[name]) throw new Error(`system role ${name} missing for organisation ${organisationId}`);
  }
  return byName;
}
