import type { ReceiptRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { ReceiptsQuery } from '../lib/list-config';

/** Every cached receipts list; invalidate after a send-out. */
export const receiptsKey = ['receipts'] as const;

/** GET receipts: invoices fully paid in the last 90 days with their receipt's state. */
export async function listReceipts(query: ReceiptsQuery, signal?: AbortSignal): Promise<ApiPage<ReceiptRow>> {
  return await api.list<ReceiptRow>('receipts', { query: { ...query }, signal });
}

export function useReceipts(query: ReceiptsQuery) {
  return useQuery({
    queryKey: [...receiptsKey, 'list', query],
    queryFn: ({ signal }) => listReceipts(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
