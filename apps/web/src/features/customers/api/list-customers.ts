import type { CustomerRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { CustomersQuery } from '../lib/list-config';

/** Every cached customers list, page and customer; invalidate after any change. */
export const customersKey = ['customers'] as const;

/** GET customers: one page from the portal's copy, searched, sorted and filtered by the server. */
export async function listCustomers(query: CustomersQuery, signal?: AbortSignal): Promise<ApiPage<CustomerRow>> {
  return await api.list<CustomerRow>('customers', { query: { ...query }, signal });
}

export function useCustomers(query: CustomersQuery) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: ({ signal }) => listCustomers(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
