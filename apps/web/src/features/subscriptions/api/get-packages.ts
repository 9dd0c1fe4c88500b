import type { Package } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET packages: Small, Standard, Plus, Enterprise and the free one, smallest first. */
export async function getPackages(signal?: AbortSignal): Promise<Package[]> {
  return await api.get<Package[]>('packages', { signal });
}

export function usePackages() {
  return useQuery({ queryKey: ['packages'], queryFn: ({ signal }) => getPackages(signal), staleTime: 5 * 60_000 });
}
