import type { Invoice, InvoicePaymentBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST invoices/{id}/payments, the call the invoice page's payment dialog makes, with the shared
 * body schema. Silent: the dialog shows a refusal where the user is looking.
 */
export async function registerPayment(id: string, body: InvoicePaymentBody): Promise<Invoice> {
  return await api.post<Invoice>(`invoices/${encodeURIComponent(id)}/payments`, body, { silent: true });
}

/** Refreshes every invoices list (this page's and the invoices feature's) and the receipts after a payment. */
export function useRegisterPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InvoicePaymentBody }) => registerPayment(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
      await queryClient.invalidateQueries({ queryKey: ['receipts'] });
    },
  });
}
