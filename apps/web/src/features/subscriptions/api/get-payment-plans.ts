import type { PaymentPlanInfo } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET payment_plans: annually, quarterly (with its monthly surcharge), monthly. */
export async function getPaymentPlans(signal?: AbortSignal): Promise<PaymentPlanInfo[]> {
  return await api.get<PaymentPlanInfo[]>('payment_plans', { signal });
}

export function usePaymentPlans() {
  return useQuery({ queryKey: ['payment_plans'], queryFn: ({ signal }) => getPaymentPlans(signal), staleTime: 5 * 60_000 });
}
