import type { RoleDefinition } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Same key as the roles tab's list, so both share one cache entry. */
export const roleChoicesKey = ['permissions', 'roles'] as const;

/** GET permissions/roles: the organisation's roles, offered when inviting or editing a user. */
export async function getRoleChoices(): Promise<RoleDefinition[]> {
  return await api.get<RoleDefinition[]>('permissions/roles');
}

export function useRoleChoices() {
  return useQuery({ queryKey: roleChoicesKey, queryFn: getRoleChoices, staleTime: 30_000 });
}
