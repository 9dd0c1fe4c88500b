import type { Invoice } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invoicesKey } from './list-invoices';

export const invoiceKey = (id: string | undefined) => [...invoicesKey, 'one', id] as const;

/**
 * GET invoices/{id}: read from the accounting program, or the portal's copy marked stale when the
 * program does not answer. Silent: the edit page sends an unknown id to the 404 page itself.
 */
export async function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return await api.get<Invoice>(`invoices/${encodeURIComponent(id)}`, { silent: true, signal });
}

export function useInvoice(id: string | undefined) {
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: ({ signal }) => getInvoice(id as string, signal),
    enabled: id !== undefined,
    retry: false,
    // The edit page starts from what the accounting program has now, not from a cached copy.
    staleTime: 0,
  });
}
