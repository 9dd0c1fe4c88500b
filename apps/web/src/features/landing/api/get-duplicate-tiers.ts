import type { DuplicateTier } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/tiers: the duplicate detector's tiers, cheapest first (no token). */
export async function getDuplicateTiers(): Promise<DuplicateTier[]> {
  return await api.get<DuplicateTier[]>('landing_page/tiers', { silent: true });
}

export const duplicateTiersQueryOptions = () =>
  queryOptions({ queryKey: ['landing', 'tiers'], queryFn: getDuplicateTiers, staleTime: 10 * 60_000 });

export function useDuplicateTiers() {
  return useQuery(duplicateTiersQueryOptions());
}
