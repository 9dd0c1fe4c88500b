import type { DashboardStats } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { pollWhileRefreshing } from '../../../components/completion-note';
import { api } from '../../../lib/api-client';

/** GET dashboard/stats: the home page's key figures, chart and unpaid invoices. */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return await api.get<DashboardStats>('dashboard/stats', { signal });
}

export function useDashboardStats(clubAccountId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'stats', clubAccountId],
    queryFn: ({ signal }) => getDashboardStats(signal),
    enabled: enabled && clubAccountId !== undefined,
    staleTime: 60_000,
    refetchInterval: (query) => pollWhileRefreshing(query.state.data),
  });
}
