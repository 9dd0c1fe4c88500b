import type { SubscriptionRequest, UpdateTierBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** PUT subscriptions/update_tier/{id}/: a Dubbelkoll upgrade or downgrade request (docs/subscriptions.md#tiers). */
export async function updateTier(subscriptionId: string, body: UpdateTierBody): Promise<SubscriptionRequest> {
  return await api.put<SubscriptionRequest>(`subscriptions/update_tier/${encodeURIComponent(subscriptionId)}/`, body);
}

export function useUpdateTier(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTierBody) => updateTier(subscriptionId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
