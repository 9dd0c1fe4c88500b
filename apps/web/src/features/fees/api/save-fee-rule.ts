import type { FeeRule, FeeRuleBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST fee_rules and PUT fee_rules/{id}. Silent: the form puts field errors on its inputs and any
 * other refusal in its alert.
 */
export async function saveFeeRule(body: FeeRuleBody, id?: string): Promise<FeeRule> {
  const saved = id
    ? await api.put<FeeRule>(`fee_rules/${encodeURIComponent(id)}`, body, { silent: true })
    : await api.post<FeeRule>('fee_rules', body, { silent: true });
  return saved;
}

export function useSaveFeeRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FeeRuleBody }) => saveFeeRule(body, id),
    // Counts and prices of the other tabs follow from this one (fees per type, rules per fee).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fees'] }),
  });
}
