import type { CustomerSegment, CustomerSegmentBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerSegmentsKey } from './list-customer-segments';

/** PUT segments/customers/{id}: the whole segment. Silent, like create. */
export async function updateCustomerSegment(id: string, body: CustomerSegmentBody): Promise<CustomerSegment> {
  return await api.put<CustomerSegment>(`segments/customers/${encodeURIComponent(id)}`, body, { silent: true });
}

export function useUpdateCustomerSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CustomerSegmentBody }) => updateCustomerSegment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerSegmentsKey }),
  });
}
