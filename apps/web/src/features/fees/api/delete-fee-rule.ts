import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE fee_rules/{id}. A refusal (e.g. still in use) is shown by the global error handling. */
export async function deleteFeeRule(id: string): Promise<void> {
  await api.delete<{ id: string }>(`fee_rules/${encodeURIComponent(id)}`);
}

export function useDeleteFeeRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeeRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees'] }),
  });
}
