import type { SupportTicket } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { supportKey } from './support-key';

/** GET support/tickets: the organisation's tickets, newest first, one page. */
export async function listTickets(page: number, pageSize: number, signal?: AbortSignal): Promise<ApiPage<SupportTicket>> {
  return await api.list<SupportTicket>('support/tickets', { query: { page, pageSize }, signal });
}

export function useTickets(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...supportKey, 'tickets', page, pageSize],
    queryFn: ({ signal }) => listTickets(page, pageSize, signal),
    // The list keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
  });
}
