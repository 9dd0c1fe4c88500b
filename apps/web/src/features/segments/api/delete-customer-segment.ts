import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerSegmentsKey } from './list-customer-segments';

/** DELETE segments/customers/{id}. Refusals are shown by the global error handling. */
export async function deleteCustomerSegment(id: string): Promise<void> {
  await api.delete<{ id: string }>(`segments/customers/${encodeURIComponent(id)}`);
}

export function useDeleteCustomerSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerSegment,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...customerSegmentsKey, 'one', id] });
      await queryClient.invalidateQueries({ queryKey: [...customerSegmentsKey, 'list'] });
    },
  });
}
