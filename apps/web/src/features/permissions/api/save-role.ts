import type { RoleBody, RoleDefinition } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rolesKey } from './get-roles';

/** POST permissions/roles. Silent: the role form shows field errors itself. */
export async function createRole(body: RoleBody): Promise<RoleDefinition> {
  return await api.post<RoleDefinition>('permissions/roles', body, { silent: true });
}

/** PUT permissions/roles/{id}. Silent, like createRole. */
export async function updateRole(id: string, body: RoleBody): Promise<RoleDefinition> {
  return await api.put<RoleDefinition>(`permissions/roles/${encodeURIComponent(id)}`, body, { silent: true });
}

/** Creates the role, or changes it when `id` is given. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RoleBody }) => (id ? updateRole(id, body) : createRole(body)),
    onSuccess: async () => {
      // The users list shows role names; the signed-in user's own scopes may have changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesKey }),
        queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
        queryClient.refetchQueries({ queryKey: ['users', 'me'], exact: true }),
      ]);
    },
  });
}
