import type { CustomerSegment } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerSegmentsKey } from './list-customer-segments';

/** GET segments/customers/{id}. Silent: the edit page sends an unknown id to the 404 page itself. */
export async function getCustomerSegment(id: string): Promise<CustomerSegment> {
  return await api.get<CustomerSegment>(`segments/customers/${encodeURIComponent(id)}`, { silent: true });
}

export function useCustomerSegment(id: string | undefined) {
  return useQuery({
    queryKey: [...customerSegmentsKey, 'one', id],
    queryFn: () => getCustomerSegment(id as string),
    enabled: id !== undefined,
    retry: false,
  });
}
