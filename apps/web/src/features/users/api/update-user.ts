import type { CurrentUser, UpdateUserBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

/** PUT users/{id}. */
export async function updateUser(id: string, body: UpdateUserBody): Promise<unknown> {
  return await api.put<unknown>(`users/${encodeURIComponent(id)}`, body);
}

/** Picks the club account in use, then reloads users/me so every screen sees the new account. */
export function useSwitchClubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, accountId }: { user: CurrentUser; accountId: string }) =>
      updateUser(user.id, { currentAccountId: accountId }),
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: currentUserQueryKey, exact: true });
      // Data of the previous club account must not linger in other screens.
      await queryClient.invalidateQueries({
        predicate: (q) => !(q.queryKey.length === 2 && q.queryKey[0] === 'users' && q.queryKey[1] === 'me'),
      });
    },
  });
}
