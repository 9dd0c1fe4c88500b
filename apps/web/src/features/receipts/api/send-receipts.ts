import type { SendReceiptsBody } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SendReceiptsAnswer {
  sendOutId: string;
  queued: number;
}

/** POST send_receipts/: queues the receipts of the chosen invoices; silent, the page shows a refusal itself. */
export async function sendReceipts(body: SendReceiptsBody): Promise<SendReceiptsAnswer> {
  return await api.post<SendReceiptsAnswer>('send_receipts/', body, { silent: true });
}

export function useSendReceipts() {
  return useMutation({ mutationFn: sendReceipts });
}
