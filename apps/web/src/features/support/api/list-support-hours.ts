import type { SupportHoursPurchase } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { supportKey } from './support-key';

export const supportHoursKey = [...supportKey, 'hours'] as const;

/** GET support/support_hours: the latest purchases and the billing each was put on. */
export async function listSupportHours(signal?: AbortSignal): Promise<SupportHoursPurchase[]> {
  return await api.get<SupportHoursPurchase[]>('support/support_hours', { signal });
}

export function useSupportHours(enabled: boolean) {
  return useQuery({ queryKey: supportHoursKey, queryFn: ({ signal }) => listSupportHours(signal), enabled });
}
