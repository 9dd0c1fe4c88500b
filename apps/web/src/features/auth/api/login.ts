import type { LoginBody, Session } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api, type Unauthorized } from '../../../lib/api-client';

/**
 * POST auth/login. Silent: the login page shows refusals next to the form itself. Wrong
 * credentials come back as an `Unauthorized` result (a 401 is never thrown; docs/web-app.md#errors).
 */
export function login(body: LoginBody): Promise<Session | Unauthorized> {
  return api.post<Session>('auth/login', body, { silent: true });
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
