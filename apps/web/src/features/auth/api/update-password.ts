import type { Session, UpdatePasswordBody } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST auth/password/update_password: sets the password from a reset or invitation link and
 * signs the user in.
 */
export function updatePassword(body: UpdatePasswordBody): Promise<Session> {
  return api.post<Session>('auth/password/update_password', body, { silent: true });
}

export function useUpdatePasswordMutation() {
  return useMutation({ mutationKey: ['auth', 'update-password'], mutationFn: updatePassword });
}
