import { canAssignRole, type RoleChooser, type RoleDefinition } from '@fairway/shared';
import type { TFunction } from 'i18next';
import { roleLabel } from '../../../lib/roles';

export interface RoleOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The roles `viewer` may choose (docs/permissions.md#inviting): an Owner every role; others Staff, Accountant, Other and
 * own roles that grant nothing they lack. `keep` is the role the user already has: it stays in
 * the list (disabled when the viewer could not give it) so the choice shows what is there now.
 */
export function roleOptions(t: TFunction, viewer: RoleChooser, roles: readonly RoleDefinition[], keep?: string): RoleOption[] {
  return roles.flatMap((role) => {
    const allowed = canAssignRole(viewer, role);
    if (!allowed && role.id !== keep) return [];
    return [{ value: role.id, label: roleLabel(t, role), ...(allowed ? {} : { disabled: true }) }];
  });
}
