import type { Fee } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { FeesQuery } from '../lib/list-config';

/** Every cached page of fees; invalidated after any change to fees (types, fees and rules show each other). */
export const feesKey = ['fees', 'fees'] as const;

/** GET fees: one page, searched and sorted by the server. */
export async function listFees(query: FeesQuery, signal?: AbortSignal): Promise<ApiPage<Fee>> {
  return await api.list<Fee>('fees', { query: { ...query }, signal });
}

export function useFees(query: FeesQuery) {
  return useQuery({
    queryKey: [...feesKey, 'list', query],
    queryFn: ({ signal }) => listFees(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
  });
}
