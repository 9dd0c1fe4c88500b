import type { Integrations } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, requireAuthorized } from '../../../lib/api-client';

export const integrationsQueryKey = (clubAccountId: string | null | undefined) =>
  ['integrations', clubAccountId ?? 'none'] as const;

/** GET integrations: accounting program, GIT, SMS and e-mail of the club account in use. */
export async function getIntegrations(): Promise<Integrations> {
  return requireAuthorized(await api.get<Integrations>('integrations', { silent: true }));
}

export const integrationsQueryOptions = (clubAccountId: string | null | undefined) =>
  queryOptions({ queryKey: integrationsQueryKey(clubAccountId), queryFn: getIntegrations });

/**
 * The integrations page and the dashboard notices share this one cache entry per club account,
 * so a connect, reconnect or disconnect updates both. `enabled: false` for users who may not read it.
 */
export function useIntegrations(clubAccountId: string | null | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...integrationsQueryOptions(clubAccountId), enabled: options.enabled ?? true });
}
