import type { DashboardStats } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pollWhileRefreshing } from '../../../components/completion-note';
import { api } from '../../../lib/api-client';

/** GET dashboard/stats: the home page's key figures, chart and unpaid invoices. */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return await api.get<DashboardStats>('dashboard/stats', { signal });
}

export const dashboardStatsQueryOptions = (clubAccountId: string | undefined) =>
  queryOptions({
    queryKey: ['dashboard', 'stats', clubAccountId],
    queryFn: ({ signal }) => getDashboardStats(signal),
    staleTime: 60_000,
  });

export function useDashboardStats(clubAccountId: string | undefined, enabled: boolean) {
  return useQuery({
    ...dashboardStatsQueryOptions(clubAccountId),
    enabled: enabled && clubAccountId !== undefined,
    refetchInterval: (query) => pollWhileRefreshing(query.state.data),
  });
}
