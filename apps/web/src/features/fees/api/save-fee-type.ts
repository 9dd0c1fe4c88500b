import type { FeeType, FeeTypeBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST fee_types and PUT fee_types/{id}. Silent: the form puts field errors on its inputs and any
 * other refusal in its alert.
 */
export async function saveFeeType(body: FeeTypeBody, id?: string): Promise<FeeType> {
  const saved = id
    ? await api.put<FeeType>(`fee_types/${encodeURIComponent(id)}`, body, { silent: true })
    : await api.post<FeeType>('fee_types', body, { silent: true });
  return saved;
}

export function useSaveFeeType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FeeTypeBody }) => saveFeeType(body, id),
    // Counts and prices of the other tabs follow from this one (fees per type, rules per fee).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees'] }),
  });
}
