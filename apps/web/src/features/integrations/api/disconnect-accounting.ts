import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE integrations/accounting: the tokens are deleted; the portal's copy of the data stays. */
export async function disconnectAccounting(): Promise<void> {
  await api.delete<{ disconnected: true }>('integrations/accounting');
}

export function useDisconnectAccounting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccounting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations'] }),
  });
}
