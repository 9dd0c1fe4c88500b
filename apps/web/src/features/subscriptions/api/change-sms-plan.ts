import type { ChangeSmsPlanBody, Subscription } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** PUT subscriptions/change_sms_plan/{id}/: choose an SMS plan, or none. */
export async function changeSmsPlan(subscriptionId: string, body: ChangeSmsPlanBody): Promise<Subscription> {
  return await api.put<Subscription>(`subscriptions/change_sms_plan/${encodeURIComponent(subscriptionId)}/`, body);
}

export function useChangeSmsPlan(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeSmsPlanBody) => changeSmsPlan(subscriptionId, body),
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQueryKey, subscription),
  });
}
