import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE fee_types/{id}. A refusal (e.g. still in use) is shown by the global error handling. */
export async function deleteFeeType(id: string): Promise<void> {
  await api.delete<{ id: string }>(`fee_types/${encodeURIComponent(id)}`);
}

export function useDeleteFeeType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeeType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees'] }),
  });
}
