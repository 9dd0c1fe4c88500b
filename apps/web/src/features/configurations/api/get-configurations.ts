import type { Configurations } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Per club account: the key carries the account so a switch never shows the previous one's values. */
export const configurationsQueryKey = (clubAccountId: string | null | undefined) =>
  ['configurations', clubAccountId ?? 'none'] as const;

/** GET configurations: every group of the club account in use, defaults filled in. */
export async function getConfigurations(): Promise<Configurations> {
  return await api.get<Configurations>('configurations', { silent: true });
}

export const configurationsQueryOptions = (clubAccountId: string | null | undefined) =>
  queryOptions({ queryKey: configurationsQueryKey(clubAccountId), queryFn: getConfigurations });

export function useConfigurations(clubAccountId: string | null | undefined) {
  return useQuery(configurationsQueryOptions(clubAccountId));
}
