import type { CustomerSegment, CustomerSegmentBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerSegmentsKey } from './list-customer-segments';

/** POST segments/customers. Silent: the form shows field errors on its inputs. */
export async function createCustomerSegment(body: CustomerSegmentBody): Promise<CustomerSegment> {
  return await api.post<CustomerSegment>('segments/customers', body, { silent: true });
}

export function useCreateCustomerSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerSegmentsKey }),
  });
}
