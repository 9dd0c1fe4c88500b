import type { Integrations } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const integrationsQueryKey = (clubAccountId: string | null | undefined) =>
  ['integrations', clubAccountId ?? 'none'] as const;

/**
 * GET integrations: accounting program, GIT, SMS and e-mail of the club account in use. It lives
 * here, beside the current user, because the integrations feature, the dashboard notices and the
 * shared accounting lists (components/list/use-accounting-connection.ts) all read this one cache
 * entry, and shared code imports no feature (apps/web/.dependency-cruiser.cjs).
 */
export async function getIntegrations(): Promise<Integrations> {
  return await api.get<Integrations>('integrations', { silent: true });
}

export const integrationsQueryOptions = (clubAccountId: string | null | undefined) =>
  queryOptions({ queryKey: integrationsQueryKey(clubAccountId), queryFn: getIntegrations });

/** How often the page looks again while the portal's copy of the accounting data is being refreshed. */
export const REFRESH_POLL_MS = 5_000;

/** True while the latest refresh of the accounting mirror is queued or running. */
export function refreshInProgress(data: Integrations | undefined): boolean {
  const status = data?.integrations.find((i) => i.system === 'accounting')?.accounting?.lastRefresh?.status;
  return status === 'queued' || status === 'running';
}

interface UseIntegrationsOptions {
  /** False for users who may not read it. */
  enabled?: boolean;
  /** Look again every few seconds while a refresh is under way (the integrations page). */
  followRefresh?: boolean;
}

/**
 * The integrations page and the dashboard notices share this one cache entry per club account,
 * so a connect, reconnect or disconnect updates both.
 */
export function useIntegrations(clubAccountId: string | null | undefined, options: UseIntegrationsOptions = {}) {
  return useQuery({
    ...integrationsQueryOptions(clubAccountId),
    enabled: options.enabled ?? true,
    refetchInterval: options.followRefresh ? (query) => (refreshInProgress(query.state.data) ? REFRESH_POLL_MS : false) : false,
  });
}
