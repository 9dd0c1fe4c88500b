import { ROLES, type RoleDefinition, type User } from '@fairway/shared';
import type { TFunction } from 'i18next';

/** A role's name for people: default roles in the reader's language, own roles as named. */
export function roleLabel(t: TFunction, role: Pick<RoleDefinition, 'name' | 'system'>): string {
  return role.system && (ROLES as readonly string[]).includes(role.name) ? t(`common:roles.${role.name}`) : role.name;
}

/**
 * A user's role for people. `role` is the kind (an own role counts as Other) and `roleName` the
 * role itself, so the two agree exactly when the user holds a default role.
 */
export function userRoleLabel(t: TFunction, user: Pick<User, 'role' | 'roleName'>): string {
  return roleLabel(t, { name: user.roleName, system: user.role === user.roleName });
}
