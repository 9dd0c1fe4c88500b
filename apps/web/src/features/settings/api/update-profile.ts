import type { UpdateUserBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The signed-in user's query (users/me), refreshed after a change so the header follows. */
const CURRENT_USER_KEY = ['users', 'me'] as const;

export type ProfileChanges = Pick<UpdateUserBody, 'name' | 'displayName' | 'phone'>;

/** PUT users/{id} on oneself: name, display name, phone. */
export async function updateProfile(userId: string, changes: ProfileChanges): Promise<unknown> {
  return await api.put<unknown>(`users/${encodeURIComponent(userId)}`, changes, { silent: true });
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(userId, changes),
    onSuccess: () => queryClient.refetchQueries({ queryKey: CURRENT_USER_KEY, exact: true }),
  });
}
