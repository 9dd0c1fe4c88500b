import type { GitTransaction } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gitKey } from './git-key';

/** How often a queued or running run is asked about (the progress bar). */
export const RUN_POLL_MS = 1_000;

export const isRunActive = (run: Pick<GitTransaction, 'status'> | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** GET git/transactions/:id: one run with its progress counts and failures. */
export async function getGitTransaction(id: string, signal?: AbortSignal): Promise<GitTransaction> {
  return await api.get<GitTransaction>(`git/transactions/${id}`, { signal, silent: true });
}

/** Follows a run every second while it is queued or running; stops once it has ended. */
export function useGitTransaction(id: string | null) {
  return useQuery({
    queryKey: [...gitKey, 'transaction', id],
    queryFn: ({ signal }) => getGitTransaction(id as string, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && !isRunActive(q.state.data) ? false : RUN_POLL_MS),
  });
}
