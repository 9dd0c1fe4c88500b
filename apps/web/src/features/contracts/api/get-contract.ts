import type { Contract } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contractsKey } from './list-contracts';

export const contractKey = (id: string | undefined) => [...contractsKey, 'one', id] as const;

/**
 * GET contracts/{id}: read from the accounting program, or the portal's copy marked stale when
 * the program does not answer. Silent: the edit page sends an unknown id to the 404 page itself.
 */
export async function getContract(id: string, signal?: AbortSignal): Promise<Contract> {
  return await api.get<Contract>(`contracts/${encodeURIComponent(id)}`, { silent: true, signal });
}

export function useContract(id: string | undefined) {
  return useQuery({
    queryKey: contractKey(id),
    queryFn: ({ signal }) => getContract(id as string, signal),
    enabled: id !== undefined,
    retry: false,
    // The edit page starts from what the accounting program has now, not from a cached copy.
    staleTime: 0,
  });
}
