import type { RoleDefinition } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const rolesKey = ['permissions', 'roles'] as const;

/** GET permissions/roles: default roles first, then the organisation's own. */
export async function getRoles(): Promise<RoleDefinition[]> {
  return await api.get<RoleDefinition[]>('permissions/roles');
}

export function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: getRoles, staleTime: 30_000 });
}
