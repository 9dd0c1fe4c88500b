import type { Fee, FeeBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST fees and PUT fees/{id}. Silent: the form puts field errors on its inputs and any
 * other refusal in its alert.
 */
export async function saveFee(body: FeeBody, id?: string): Promise<Fee> {
  const saved = id
    ? await api.put<Fee>(`fees/${encodeURIComponent(id)}`, body, { silent: true })
    : await api.post<Fee>('fees', body, { silent: true });
  return saved;
}

export function useSaveFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FeeBody }) => saveFee(body, id),
    // Counts and prices of the other tabs follow from this one (fees per type, rules per fee).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees'] }),
  });
}
