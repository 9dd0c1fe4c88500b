import type { ReceiptSendOut } from '@fairway/shared';
import { useRunProgress } from '../../../components/use-run-progress';
import { api } from '../../../lib/api-client';

/** GET send_receipts/{id}: how far a send-out has come. */
export async function getSendOut(id: string, signal?: AbortSignal): Promise<ReceiptSendOut> {
  return await api.get<ReceiptSendOut>(`send_receipts/${encodeURIComponent(id)}`, { signal });
}

/** Follows the send-out's run every second until it has ended. */
export function useSendOut(id: string | null) {
  return useRunProgress({
    queryKey: ['receipts', 'sendOut', id],
    queryFn: id === null ? null : (signal) => getSendOut(id, signal),
    statusOf: (out) => out.status,
  });
}
