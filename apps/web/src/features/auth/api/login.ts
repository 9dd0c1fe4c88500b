import type { LoginBody, Session } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST auth/login. Silent: the login page shows refusals next to the form itself. Wrong
 * credentials are a 401, thrown by the API client as `Unauthorized` with the localised message.
 */
export function login(body: LoginBody): Promise<Session> {
  return api.post<Session>('auth/login', body, { silent: true });
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
