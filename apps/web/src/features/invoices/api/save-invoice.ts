import type { CreateInvoiceInput, Invoice, UpdateInvoiceInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invoiceKey } from './get-invoice';
import { invoicesKey } from './list-invoices';

/**
 * POST invoices and PUT invoices/{id}: written to the accounting program first, then to the
 * portal's copy. Silent: the form puts field errors on its inputs and the refusal (the program's,
 * or the package's invoice quota) in its alert.
 */
export async function createInvoice(body: CreateInvoiceInput): Promise<Invoice> {
  return await api.post<Invoice>('invoices', body, { silent: true });
}

export async function updateInvoice(id: string, body: UpdateInvoiceInput): Promise<Invoice> {
  return await api.put<Invoice>(`invoices/${encodeURIComponent(id)}`, body, { silent: true });
}

export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateInvoiceInput | UpdateInvoiceInput }) =>
      id ? updateInvoice(id, body) : createInvoice(body as CreateInvoiceInput),
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
    },
  });
}
