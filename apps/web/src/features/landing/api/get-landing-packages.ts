import type { Package } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/packages: the packages offered at registration, cheapest first (no token). */
export async function getLandingPackages(): Promise<Package[]> {
  const packages = await api.get<Package[]>('landing_page/packages', { silent: true });
  return [...packages].sort((a, b) => a.sortOrder - b.sortOrder);
}

export const landingPackagesQueryOptions = () =>
  queryOptions({ queryKey: ['landing', 'packages'], queryFn: getLandingPackages, staleTime: 10 * 60_000 });

export function useLandingPackages() {
  return useQuery(landingPackagesQueryOptions());
}
