import type { BuySupportHoursBody, SupportHoursPurchase } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { supportHoursKey } from './list-support-hours';

/** POST support/buy_support_hours. Silent: the form shows the refusal next to the hours. */
export async function buySupportHours(body: BuySupportHoursBody): Promise<SupportHoursPurchase> {
  return await api.post<SupportHoursPurchase>('support/buy_support_hours', body, { silent: true });
}

export function useBuySupportHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buySupportHours,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportHoursKey }),
  });
}
