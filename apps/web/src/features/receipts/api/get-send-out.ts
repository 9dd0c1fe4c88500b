import type { ReceiptSendOut } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET send_receipts/{id}: how far a send-out has come. */
export async function getSendOut(id: string, signal?: AbortSignal): Promise<ReceiptSendOut> {
  return await api.get<ReceiptSendOut>(`send_receipts/${encodeURIComponent(id)}`, { signal });
}

/** Polls the send-out every second until nothing of it is queued. */
export function useSendOut(id: string | null) {
  return useQuery({
    queryKey: ['receipts', 'sendOut', id],
    queryFn: ({ signal }) => getSendOut(id as string, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : 1000),
    staleTime: 0,
  });
}
