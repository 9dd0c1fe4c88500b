import type { Session, SignupBody } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST auth/signup: creates the organisation, its first club account and its Owner, and signs the Owner in. */
export function signup(body: SignupBody): Promise<Session> {
  return api.post<Session>('auth/signup', body, { silent: true });
}

export function useSignupMutation() {
  return useMutation({ mutationKey: ['auth', 'signup'], mutationFn: signup });
}
