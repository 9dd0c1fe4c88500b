import type { ContractListRow, ContractsList } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { ContractsQuery } from '../lib/list-config';

/** Every cached contracts list, contract and schedule; invalidate after any change. */
export const contractsKey = ['contracts'] as const;

/**
 * GET contracts: one page from the portal's copy, plus whether the club account's program has
 * contracts at all (`supported`, and the `notice` to show when it has not).
 */
export async function listContracts(query: ContractsQuery, signal?: AbortSignal): Promise<ContractsList> {
  const answer = await request<ContractListRow[]>('GET', 'contracts', { query: { ...query }, signal });
  const body = answer as unknown as Partial<ContractsList>;
  const data = body.data ?? [];
  return {
    data,
    pagination: body.pagination ?? { page: 1, pageSize: data.length, total: data.length },
    supported: body.supported ?? true,
    notice: body.notice ?? null,
  };
}

export function useContracts(query: ContractsQuery) {
  return useQuery({
    queryKey: [...contractsKey, 'list', query],
    queryFn: ({ signal }) => listContracts(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
