import { queryClient } from '../../../app/query-client';
import { freshCurrentUser } from '../../../app/session/guard';
import { integrationsQueryOptions } from '../../../lib/integrations';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';

/**
 * The home page's calls (its figures and the accounting connection its cards and the notices
 * read), asked for by its route (app/dashboard-routes.tsx) as soon as the current user is known, in
 * parallel with the page's code and texts, instead of after the page's first render; the page's
 * own queries then find them in the cache. The same conditions as the page's: a call the user
 * may not make is not made. Failures stay in the cache for the page to show (and ask again).
 */
export async function prefetchDashboardHome(): Promise<void> {
  // The guard's GET users/me (app/session/guard.ts): joined while it is on its way, else its
  // outcome (the answer, the stored user, or nothing after a 401) is in the cache already.
  const user =
    queryClient.getQueryState(freshCurrentUser().queryKey)?.fetchStatus === 'fetching'
      ? await queryClient.fetchQuery(freshCurrentUser()).catch(() => null)
      : queryClient.getQueryData(freshCurrentUser().queryKey);
  const clubAccountId = user?.currentAccount?.id;
  if (!user || !clubAccountId) return;
  await Promise.all([
    user.scopes.includes('company.read') ? queryClient.prefetchQuery(integrationsQueryOptions(clubAccountId)) : null,
    user.scopes.includes('invoices.read') ? queryClient.prefetchQuery(dashboardStatsQueryOptions(clubAccountId)) : null,
  ]);
}
