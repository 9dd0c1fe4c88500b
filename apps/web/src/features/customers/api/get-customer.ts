import type { Customer } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKey } from './list-customers';

/** GET customers/{id}. Silent: the edit page sends an unknown id to the 404 page itself. */
export async function getCustomer(id: string, signal?: AbortSignal): Promise<Customer> {
  return await api.get<Customer>(`customers/${encodeURIComponent(id)}`, { silent: true, signal });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: [...customersKey, 'one', id],
    queryFn: ({ signal }) => getCustomer(id as string, signal),
    enabled: id !== undefined,
    retry: false,
    // The edit page starts from what the accounting program has now, not from a cached copy.
    staleTime: 0,
  });
}
