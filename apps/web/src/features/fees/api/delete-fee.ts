import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE fees/{id}. A refusal (e.g. still in use) is shown by the global error handling. */
export async function deleteFee(id: string): Promise<void> {
  await api.delete<{ id: string }>(`fees/${encodeURIComponent(id)}`);
}

export function useDeleteFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees'] }),
  });
}
