import type { Package } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/packages: the packages a new customer chooses between, cheapest first. */
export async function getPackages(): Promise<Package[]> {
  const packages = await api.get<Package[]>('landing_page/packages');
  return [...packages].sort((a, b) => a.sortOrder - b.sortOrder);
}

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: ['landing', 'packages'], queryFn: getPackages, staleTime: 10 * 60_000 });

export function usePackages() {
  return useQuery(packagesQueryOptions());
}
