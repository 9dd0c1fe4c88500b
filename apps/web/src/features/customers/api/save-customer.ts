import type { CreateCustomerInput, Customer, UpdateCustomerInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKey } from './list-customers';

/**
 * POST customers and PUT customers/{id}: written to the accounting program first, then to the
 * portal's copy. Silent: the form puts field errors on its inputs and the program's refusal in
 * its alert.
 */
export async function createCustomer(body: CreateCustomerInput): Promise<Customer> {
  return await api.post<Customer>('customers', body, { silent: true });
}

export async function updateCustomer(id: string, body: UpdateCustomerInput): Promise<Customer> {
  return await api.put<Customer>(`customers/${encodeURIComponent(id)}`, body, { silent: true });
}

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateCustomerInput | UpdateCustomerInput }) => {
      if (id) return updateCustomer(id, body);
      return createCustomer(body as CreateCustomerInput);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData([...customersKey, 'one', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...customersKey, 'list'] });
    },
  });
}
