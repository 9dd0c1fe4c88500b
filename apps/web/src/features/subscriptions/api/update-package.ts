import type { SubscriptionRequest, UpdatePackageBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * PUT subscriptions/update_package/{id}/: an upgrade or (with the keep lists) a downgrade request.
 * `silent` when a dialog that stays open shows the refusal itself (the downgrade dialog).
 */
export async function updatePackage(
  subscriptionId: string,
  body: UpdatePackageBody,
  options: { silent?: boolean } = {},
): Promise<SubscriptionRequest> {
  return await api.put<SubscriptionRequest>(`subscriptions/update_package/${encodeURIComponent(subscriptionId)}/`, body, options);
}

export function useUpdatePackage(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ silent, ...body }: UpdatePackageBody & { silent?: boolean }) =>
      updatePackage(subscriptionId, body, { silent }),
    // A downgrade may have removed users and club accounts: every list of them is stale.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
