import type { BillingDetails, UpdateBillingDetailsBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingDetailsKey } from './get-billing-details';

/** PUT billings/detail. Silent: field messages go onto the form's inputs. */
export async function updateBillingDetails(body: UpdateBillingDetailsBody): Promise<BillingDetails> {
  return await api.put<BillingDetails>('billings/detail', body, { silent: true });
}

export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingDetails,
    onSuccess: (details) => {
      queryClient.setQueryData(billingDetailsKey, details);
      void queryClient.invalidateQueries({ queryKey: ['company'] });
    },
  });
}
