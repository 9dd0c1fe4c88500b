import type { SmsPlan } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET sms_plans/: SMS per month and the monthly cost. */
export async function getSmsPlans(signal?: AbortSignal): Promise<SmsPlan[]> {
  return await api.get<SmsPlan[]>('sms_plans/', { signal });
}

export function useSmsPlans() {
  return useQuery({ queryKey: ['sms_plans'], queryFn: ({ signal }) => getSmsPlans(signal), staleTime: 5 * 60_000 });
}
