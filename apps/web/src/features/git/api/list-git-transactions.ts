import type { GitTransaction } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { type GitListQuery, gitKey } from './git-key';

/** GET git/transactions: the transaction log, newest first. */
export async function listGitTransactions(query: GitListQuery, signal?: AbortSignal): Promise<ApiPage<GitTransaction>> {
  return await api.list<GitTransaction>('git/transactions', { query, signal });
}

/** While a run on the page is queued or running the log looks again every few seconds. */
export function useGitTransactions(query: GitListQuery) {
  return useQuery({
    queryKey: [...gitKey, 'transactions', query],
    queryFn: ({ signal }) => listGitTransactions(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: (q) =>
      q.state.data?.data.some((run) => run.status === 'queued' || run.status === 'running') ? 3_000 : false,
  });
}
