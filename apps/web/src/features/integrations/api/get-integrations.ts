import type { Integrations } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, requireAuthorized } from '../../../lib/api-client';

export const integrationsQueryKey = (clubAccountId: string | null | undefined) =>
  ['integrations', clubAccountId ?? 'none'] as const;

/** GET integrations: accounting program, GIT, SMS and e-mail of the club account in use. */
export async function getIntegrations(): Promise<Integrations> {
  return requireAuthorized(await api.get<Integrations>('integrations', { silent: true }));
}

export function useIntegrations(clubAccountId: string | null | undefined) {
  return useQuery(queryOptions({ queryKey: integrationsQueryKey(clubAccountId), queryFn: getIntegrations }));
}
