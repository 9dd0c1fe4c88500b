import type { DashboardScreenshot, Lang } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/dashboard_screenshots: pictures of the dashboard with size, alt text and caption. */
export async function listDashboardScreenshots(): Promise<DashboardScreenshot[]> {
  return await api.get<DashboardScreenshot[]>('landing_page/dashboard_screenshots', { silent: true });
}

export const dashboardScreenshotsQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['landing', 'dashboard-screenshots', lang],
    queryFn: listDashboardScreenshots,
    staleTime: 10 * 60_000,
  });

export function useDashboardScreenshots(lang: Lang) {
  return useQuery(dashboardScreenshotsQueryOptions(lang));
}
