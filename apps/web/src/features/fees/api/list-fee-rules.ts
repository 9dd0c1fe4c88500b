import type { FeeRule } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { FeeRulesQuery } from '../lib/list-config';

/** Every cached page of fee rules; invalidated after any change to fees (types, fees and rules show each other). */
export const feeRulesKey = ['fees', 'fee_rules'] as const;

/** GET fee_rules: one page, searched and sorted by the server. */
export async function listFeeRules(query: FeeRulesQuery, signal?: AbortSignal): Promise<ApiPage<FeeRule>> {
  return await api.list<FeeRule>('fee_rules', { query: { ...query }, signal });
}

export function useFeeRules(query: FeeRulesQuery) {
  return useQuery({
    queryKey: [...feeRulesKey, 'list', query],
    queryFn: ({ signal }) => listFeeRules(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
  });
}
