import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rolesKey } from './get-roles';

/**
 * DELETE permissions/roles/{id}; `reassignTo` gives the role's users another role first. Silent:
 * the confirm dialog shows a refusal in place.
 */
export async function deleteRole(id: string, reassignTo?: string): Promise<void> {
  await api.delete<{ id: string }>(`permissions/roles/${encodeURIComponent(id)}`, { query: { reassignTo }, silent: true });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reassignTo }: { id: string; reassignTo?: string }) => deleteRole(id, reassignTo),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesKey }),
        queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
        queryClient.refetchQueries({ queryKey: ['users', 'me'], exact: true }),
      ]);
    },
  });
}
