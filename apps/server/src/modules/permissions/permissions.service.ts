import { ALL_SCOPES, DEFAULT_ROLE_SCOPES, ROLE_RULES, ROLES, type RoleName, type RoleRule, type Scope } from '@fairway/shared';
import { type MessageParam, messages } from '../../lib/i18n';
import type { roles } from './permissions.tables';

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
