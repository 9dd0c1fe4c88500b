import type { FeeType } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { FeeTypesQuery } from '../lib/list-config';

/** Every cached page of fee types; invalidated after any change to fees (types, fees and rules show each other). */
export const feeTypesKey = ['fees', 'fee_types'] as const;

/** GET fee_types: one page, searched and sorted by the server. */
export async function listFeeTypes(query: FeeTypesQuery, signal?: AbortSignal): Promise<ApiPage<FeeType>> {
  return await api.list<FeeType>('fee_types', { query: { ...query }, signal });
}

export function useFeeTypes(query: FeeTypesQuery) {
  return useQuery({
    queryKey: [...feeTypesKey, 'list', query],
    queryFn: ({ signal }) => listFeeTypes(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
  });
}
