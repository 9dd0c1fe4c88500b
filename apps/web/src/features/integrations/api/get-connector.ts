import type { ConnectorDetails } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under the integrations key, so whatever refreshes the integrations refreshes this too. */
export const connectorQueryKey = (clubAccountId: string | null | undefined) =>
  ['integrations', clubAccountId ?? 'none', 'connector'] as const;

/** How often the card looks again, so "online" appears soon after the connector starts. */
export const CONNECTOR_POLL_MS = 15_000;

/** GET integrations/accounting/connector: the Visma Administration connector of the club account in use. */
export async function getConnector(): Promise<ConnectorDetails> {
  return await api.get<ConnectorDetails>('integrations/accounting/connector', { silent: true });
}

export function useConnector(clubAccountId: string | null | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: connectorQueryKey(clubAccountId), queryFn: getConnector }),
    refetchInterval: CONNECTOR_POLL_MS,
  });
}
