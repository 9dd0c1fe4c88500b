import type { DuplicateTier } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/tiers: the Dubbelkoll tiers a new company chooses between, cheapest first. */
export async function getTiers(): Promise<DuplicateTier[]> {
  return await api.get<DuplicateTier[]>('landing_page/tiers');
}

export const tiersQueryOptions = () =>
  queryOptions({ queryKey: ['landing', 'tiers'], queryFn: getTiers, staleTime: 10 * 60_000 });

export function useTiers() {
  return useQuery(tiersQueryOptions());
}
