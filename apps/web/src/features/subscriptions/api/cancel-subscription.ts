import type { CancelResult, CancelSubscriptionBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** PUT subscriptions/cancel/{id}/ with one of the four reasons. */
export async function cancelSubscription(subscriptionId: string, body: CancelSubscriptionBody): Promise<CancelResult> {
  // Silent: the cancellation dialog shows a refusal in place.
  return await api.put<CancelResult>(`subscriptions/cancel/${encodeURIComponent(subscriptionId)}/`, body, { silent: true });
}

export function useCancelSubscription(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelSubscriptionBody) => cancelSubscription(subscriptionId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
