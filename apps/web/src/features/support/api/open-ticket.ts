import type { OpenTicketBody, SupportTicket } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { supportKey } from './support-key';

/** POST support/open_ticket. Silent: the form puts field errors on its inputs and anything else in its alert. */
export async function openTicket(body: OpenTicketBody): Promise<SupportTicket> {
  return await api.post<SupportTicket>('support/open_ticket', body, { silent: true });
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTicket,
    // The member detail's support history reads the same endpoint under the members feature's key.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKey }),
        queryClient.invalidateQueries({ queryKey: ['members'] }),
      ]),
  });
}
