import { ROLES, type RoleDefinition } from '@fairway/shared';
import type { TFunction } from 'i18next';

/** A role's name for people: default roles in the reader's language, own roles as named. */
export function roleLabel(t: TFunction, role: Pick<RoleDefinition, 'name' | 'system'>): string {
  return role.system && (ROLES as readonly string[]).includes(role.name) ? t(`common:roles.${role.name}`) : role.name;
}
