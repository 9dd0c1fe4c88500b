import type { BillingDetails } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const billingDetailsKey = ['billings', 'detail'] as const;

/** GET billings/detail. */
export async function getBillingDetails(signal?: AbortSignal): Promise<BillingDetails> {
  return await api.get<BillingDetails>('billings/detail', { signal });
}

export function useBillingDetails() {
  return useQuery({ queryKey: billingDetailsKey, queryFn: ({ signal }) => getBillingDetails(signal) });
}
