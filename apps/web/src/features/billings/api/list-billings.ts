import type { Billing } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

export const billingsListKey = ['billings', 'list'] as const;

/** GET billings: our invoices to the organisation, newest first. */
export async function listBillings(page: number, pageSize: number, signal?: AbortSignal): Promise<ApiPage<Billing>> {
  return await api.list<Billing>('billings', { query: { page, pageSize }, signal });
}

export function useBillings(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...billingsListKey, page, pageSize],
    queryFn: ({ signal }) => listBillings(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
