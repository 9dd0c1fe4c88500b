import type { Subscription } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const subscriptionQueryKey = ['subscriptions'] as const;

/** GET subscriptions: package, plan, term, usage, pending requests and whether the caller may manage it. */
export async function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return await api.get<Subscription>('subscriptions', { signal });
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription(signal), staleTime: 15_000 });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
