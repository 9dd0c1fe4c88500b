import { isRunFinished, type RunStatus } from '@fairway/shared';
import { type QueryKey, useQuery } from '@tanstack/react-query';

/** How often a run still under way is asked again. */
export const RUN_POLL_MS = 1000;

export interface UseRunProgressOptions<T> {
  queryKey: QueryKey;
  /** Reads the run (null: nothing to follow). */
  queryFn: ((signal: AbortSignal) => Promise<T>) | null;
  /** The run's status in what `queryFn` answers. */
  statusOf: (data: T) => RunStatus;
  intervalMs?: number;
}

/**
 * Follows one run: reads it every `intervalMs` (a second) while it is queued or running, and
 * stops once it has ended. Every progress view of a run (components/run-progress.tsx) is fed by it.
 */
export function useRunProgress<T>({ queryKey, queryFn, statusOf, intervalMs = RUN_POLL_MS }: UseRunProgressOptions<T>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => (queryFn as (signal: AbortSignal) => Promise<T>)(signal),
    enabled: queryFn !== null,
    refetchInterval: (query) =>
      query.state.data !== undefined && isRunFinished(statusOf(query.state.data)) ? false : intervalMs,
    staleTime: 0,
  });
}
