import type { tokenInfoSchema } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type PasswordTokenInfo = z.infer<typeof tokenInfoSchema>;

/**
 * GET auth/password/token: whom an e-mailed one-time link is for. A link that is unknown,
 * expired or already used answers 400; the page explains that itself, hence silent.
 */
export async function getPasswordToken(token: string): Promise<PasswordTokenInfo> {
  return await api.get<PasswordTokenInfo>('auth/password/token', { query: { token }, silent: true });
}

export const passwordTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'password-token', token],
    queryFn: () => getPasswordToken(token),
    // A used or expired link stays bad: asking again cannot change the answer.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export function usePasswordToken(token: string) {
  return useQuery(passwordTokenQueryOptions(token));
}
