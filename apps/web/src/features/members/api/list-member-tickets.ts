import type { SupportTicket } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** Support tickets about one member shown in the support history; the newest 50 are plenty there. */
const HISTORY_TICKETS = 50;

/** GET support/tickets?memberId=: the organisation's tickets about this member, newest first. */
export async function listMemberTickets(memberId: string, signal?: AbortSignal): Promise<ApiPage<SupportTicket>> {
  return await api.list<SupportTicket>('support/tickets', {
    query: { memberId, pageSize: HISTORY_TICKETS },
    signal,
    silent: true,
  });
}

export function useMemberTickets(memberId: string) {
  return useQuery({
    queryKey: [...membersKey, 'tickets', memberId],
    queryFn: ({ signal }) => listMemberTickets(memberId, signal),
  });
}
