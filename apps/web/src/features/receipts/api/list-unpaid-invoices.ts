import type { InvoiceListRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { UnpaidQuery } from '../lib/list-config';

export const unpaidInvoicesKey = ['invoices', 'list', 'unpaid'] as const;

/** GET invoices with payment=unpaid: the invoices money is still owed on (the invoices feature's own list call). */
export async function listUnpaidInvoices(query: UnpaidQuery, signal?: AbortSignal): Promise<ApiPage<InvoiceListRow>> {
  return await api.list<InvoiceListRow>('invoices', { query: { ...query, payment: 'unpaid', kind: 'all' }, signal });
}

export function useUnpaidInvoices(query: UnpaidQuery) {
  return useQuery({
    queryKey: [...unpaidInvoicesKey, query],
    queryFn: ({ signal }) => listUnpaidInvoices(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
