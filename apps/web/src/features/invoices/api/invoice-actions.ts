import type { Invoice, InvoicePaymentBody, InvoiceSendWay } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isUnauthorized } from '../../../lib/api-client';
import { invoiceKey } from './get-invoice';
import { invoicesKey } from './list-invoices';

const path = (id: string, action: string) => `invoices/${encodeURIComponent(id)}/${action}`;

/**
 * The invoice actions (docs/invoices.md#states). Each is silent: the confirming dialog shows the refusal (a
 * field message, or the accounting program's own) where the user is looking. Each answers the
 * invoice as it is afterwards; credit answers the credit note. The bodiless actions send `{}`:
 * the route takes an empty object, and a PUT without a body is refused as a missing field.
 */
export const invoiceActions = {
  bookkeep: async (id: string) => await api.put<Invoice>(path(id, 'bookkeep'), {}, { silent: true }),
  send: async (id: string, method: InvoiceSendWay) => await api.put<Invoice>(path(id, 'send'), { method }, { silent: true }),
  cancel: async (id: string) => await api.put<Invoice>(path(id, 'cancel'), {}, { silent: true }),
  credit: async (id: string) => await api.put<Invoice>(path(id, 'credit'), {}, { silent: true }),
  payment: async (id: string, body: InvoicePaymentBody) => await api.post<Invoice>(path(id, 'payments'), body, { silent: true }),
};

/**
 * One action as a mutation: the answer replaces the cached invoice it describes (the credit note
 * is a new one, so the credited invoice is read again), and the lists are refreshed.
 */
export function useInvoiceAction<A extends unknown[]>(id: string, run: (id: string, ...args: A) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => run(id, ...args),
    onSuccess: async (answer) => {
      queryClient.setQueryData(invoiceKey(answer.id), answer);
      if (answer.id !== id) await queryClient.invalidateQueries({ queryKey: invoiceKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
    },
  });
}

/**
 * GET invoices/{id}/pdf: the invoice as a PDF file (inline, or as an attachment with `download`).
 * Null after a 401: the session is over and the user is on the way to the login page, so the
 * viewer shows no failure of its own.
 */
export async function fetchInvoicePdf(id: string, download: boolean): Promise<Blob | null> {
  try {
    return await api.download(`invoices/${encodeURIComponent(id)}/pdf`, { query: download ? { download: '1' } : {} });
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
