import type { InviteUserBody, User } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleChoicesKey } from './get-role-choices';
import { userSeatsKey } from './get-user-seats';
import { usersListKey } from './list-users';

/** POST users/invite. Silent: the invite form shows field errors, the upgrade prompt and the rest itself. */
export async function inviteUser(body: InviteUserBody): Promise<User> {
  return await api.post<User>('users/invite', body, { silent: true });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersListKey }),
        queryClient.invalidateQueries({ queryKey: roleChoicesKey }),
        queryClient.invalidateQueries({ queryKey: userSeatsKey }),
      ]);
    },
  });
}
