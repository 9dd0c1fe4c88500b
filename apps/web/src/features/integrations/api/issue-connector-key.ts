import type { ConnectorKey } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST integrations/accounting/connector/key: the first key, or a new one that ends the old key at
 * once. The whole key is in this answer only. Silent: the connector card (or its confirm dialog)
 * shows a refusal in place.
 */
export async function issueConnectorKey(): Promise<ConnectorKey> {
  return await api.post<ConnectorKey>('integrations/accounting/connector/key', undefined, { silent: true });
}

export function useIssueConnectorKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueConnectorKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations'] }),
  });
}
