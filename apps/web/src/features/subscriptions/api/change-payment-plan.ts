import type { ChangePaymentPlanBody, SubscriptionRequest } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** PUT subscriptions/change_payment_plan/{id}/: the new plan applies from the next period. */
export async function changePaymentPlan(subscriptionId: string, body: ChangePaymentPlanBody): Promise<SubscriptionRequest> {
  return await api.put<SubscriptionRequest>(`subscriptions/change_payment_plan/${encodeURIComponent(subscriptionId)}/`, body);
}

export function useChangePaymentPlan(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePaymentPlanBody) => changePaymentPlan(subscriptionId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
