import type { GolfClub } from '@fairway/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/golf_clubs?search=: Swedish golf clubs whose name or town matches. */
export async function searchGolfClubs(search: string, signal?: AbortSignal): Promise<GolfClub[]> {
  const query = search.trim() === '' ? undefined : { search: search.trim().slice(0, 100) };
  return await api.get<GolfClub[]>('landing_page/golf_clubs', { query, signal });
}

export const golfClubsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['landing', 'golf-clubs', search.trim().toLowerCase()],
    queryFn: ({ signal }) => searchGolfClubs(search, signal),
    staleTime: 10 * 60_000,
    // The list stays in place while the next search is on its way, so the dropdown does not flicker.
    placeholderData: keepPreviousData,
  });

export function useGolfClubs(search: string) {
  return useQuery(golfClubsQueryOptions(search));
}
