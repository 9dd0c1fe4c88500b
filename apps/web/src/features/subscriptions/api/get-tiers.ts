import type { DuplicateTier } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET tiers: Dubbelkoll's tiers to change between, cheapest first (docs/subscriptions.md#tiers). */
export async function getTiers(signal?: AbortSignal): Promise<DuplicateTier[]> {
  return await api.get<DuplicateTier[]>('tiers', { signal });
}

export function useTiers(enabled = true) {
  return useQuery({ queryKey: ['tiers'], queryFn: ({ signal }) => getTiers(signal), staleTime: 5 * 60_000, enabled });
}
