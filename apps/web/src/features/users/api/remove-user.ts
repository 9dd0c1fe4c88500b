import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleChoicesKey } from './get-role-choices';
import { usersListKey } from './list-users';

/** DELETE users/{id}. Refusals (e.g. removing oneself) are shown by the global error handling. */
export async function removeUser(id: string): Promise<void> {
  await api.delete<{ id: string }>(`users/${encodeURIComponent(id)}`);
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersListKey }),
        queryClient.invalidateQueries({ queryKey: roleChoicesKey }),
      ]);
    },
  });
}
