import type { ConnectorKey } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST integrations/accounting/connector/key: the first key, or a new one that ends the old key at
 * once. The whole key is in this answer only. Refusals go through the global error handling.
 */
export async function issueConnectorKey(): Promise<ConnectorKey> {
  return await api.post<ConnectorKey>('integrations/accounting/connector/key');
}

export function useIssueConnectorKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueConnectorKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations'] }),
  });
}
