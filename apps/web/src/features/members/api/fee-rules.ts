import type { FeeRule } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET fee_rules (fees feature): the first 100 by name, for the fee-rule selects. Needs `fees.read`. */
export function useFeeRuleOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['fees', 'fee_rules', 'options'],
    queryFn: async ({ signal }) =>
      (await api.list<FeeRule>('fee_rules', { query: { pageSize: 100 }, signal, silent: true })).data,
    staleTime: 60_000,
    enabled,
  });
}
