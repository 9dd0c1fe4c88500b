import type { InvoiceListRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { InvoicesQuery } from '../lib/list-config';

/** Every cached invoices list, page and invoice; invalidate after any change. */
export const invoicesKey = ['invoices'] as const;

/** GET invoices: one page from the portal's copy, searched, sorted and filtered by the server. */
export async function listInvoices(query: InvoicesQuery, signal?: AbortSignal): Promise<ApiPage<InvoiceListRow>> {
  return await api.list<InvoiceListRow>('invoices', { query: { ...query }, signal });
}

export function useInvoices(query: InvoicesQuery) {
  return useQuery({
    queryKey: [...invoicesKey, 'list', query],
    queryFn: ({ signal }) => listInvoices(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
