import type { ContractTagUsage } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contractsKey } from './list-contracts';

/** GET contracts/tags: the tags on the club account's contracts, each with how many carry it, by name. */
export async function listContractTags(signal?: AbortSignal): Promise<ContractTagUsage[]> {
  return (await api.get<ContractTagUsage[] | undefined>('contracts/tags', { signal })) ?? [];
}

/**
 * The tags in use, as the suggestions of the tag filter and the tags dialog. Under `contractsKey`,
 * so a change of a contract's tags refreshes them with the list.
 */
export function useContractTags(enabled = true) {
  return useQuery({
    queryKey: [...contractsKey, 'tags'],
    queryFn: ({ signal }) => listContractTags(signal),
    enabled,
    staleTime: 30_000,
  });
}
