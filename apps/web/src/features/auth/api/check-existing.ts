import type { checkExistingResponseSchema } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ExistingAccounts = z.infer<typeof checkExistingResponseSchema>;

/**
 * POST auth/check_existing: whether an e-mail address (or organisation number) is already
 * registered. Silent, because it only adds a hint while the user types; a failure must not
 * interrupt registration, the server checks again on submit.
 */
export function checkExisting(body: { email: string }): Promise<ExistingAccounts> {
  return api.post<ExistingAccounts>('auth/check_existing', body, { silent: true });
}

export function useCheckExistingMutation() {
  return useMutation({ mutationKey: ['auth', 'check-existing'], mutationFn: checkExisting });
}
