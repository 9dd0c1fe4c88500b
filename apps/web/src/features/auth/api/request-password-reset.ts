import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST auth/password/reset. Answers 200 whether or not the address has an account. */
export function requestPasswordReset(body: { email: string }): Promise<unknown> {
  return api.post<unknown>('auth/password/reset', body, { silent: true });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationKey: ['auth', 'password-reset'], mutationFn: requestPasswordReset });
}
