import type { UpdateUserBody, User } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { roleChoicesKey } from './get-role-choices';
import { usersListKey } from './list-users';

export type UserAccessChange = Pick<UpdateUserBody, 'roleId' | 'clubAccountIds'>;

/** PUT users/{id} with a role and club accounts. Silent: the edit form shows what went wrong. */
export async function updateUserAccess(id: string, body: UserAccessChange): Promise<User> {
  const result = await api.put<User>(`users/${encodeURIComponent(id)}`, body, { silent: true });
  return result;
}

export function useUpdateUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserAccessChange; self: boolean }) => updateUserAccess(id, body),
    onSuccess: async (_user, { self }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersListKey }),
        queryClient.invalidateQueries({ queryKey: roleChoicesKey }),
        // Changing one's own role changes what the sidebar may show.
        self ? queryClient.refetchQueries({ queryKey: currentUserQueryKey, exact: true }) : Promise.resolve(),
      ]);
    },
  });
}
