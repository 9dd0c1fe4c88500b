import type { ChangePasswordBody } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST auth/password/change: other sign-ins of the user end, this one goes on. */
export async function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return await api.post<unknown>('auth/password/change', body, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
