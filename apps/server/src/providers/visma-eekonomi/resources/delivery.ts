import type { AccountingProvider } from '../../accounting/provider';
import type { VismaCustomer, VismaInvoice } from '../mapping';
import type { VismaContext } from './context';
import { toAccInvoice } from './invoice-reading';
import { notSupported } from './shared';

/**
 * Sending an invoice (e-mail, print) and its PDF. Visma sends no e-invoice after the fact and
 * has no external print; those say so in the reader's language.
 */
export function deliveryOf(ctx: VismaContext): Pick<AccountingProvider['invoices'], 'send' | 'pdf'> {
  const { api } = ctx;
  return {
    async send(number, method) {
      const invoice = await ctx.invoiceByNumber(number);
      if (method === 'email') {
        // definitions.EmailApi: the address invoices go to (the customer's first invoice address,
        // else its e-mail); subject and text are the company's defaults. Answers the invoice.
        const customer = await api.get<VismaCustomer>(`/customers/${invoice.CustomerId}`, {
          notFoundKey: 'accounting.customerMissing',
        });
        const to = customer.EmailAddresses?.find((e) => e) ?? customer.EmailAddress ?? undefined;
        return toAccInvoice(
          ctx,
          ctx.rememberInvoice(
            await api.request<VismaInvoice>('POST', `/customerinvoices/${invoice.Id}/email`, {
              body: to ? { Email: to } : {},
              notFoundKey: 'accounting.invoiceMissing',
            }),
          ),
        );
      } else if (method === 'print') {
        // The print endpoint produces the PDF itself (application/pdf); what counts here is that Visma marks it sent.
        await api.get(`/customerinvoices/${invoice.Id}/print`, {
          notFoundKey: 'accounting.invoiceMissing',
          accept: 'application/pdf',
        });
      } else if (method === 'einvoice') {
        throw notSupported('accounting.visma.feature.einvoiceAfterCreate');
      } else {
        throw notSupported('accounting.visma.feature.externalPrint');
      }
      return toAccInvoice(ctx, await ctx.invoiceByNumber(number));
    },
    async pdf(number) {
      const invoice = await ctx.invoiceByNumber(number);
      const link = await api.get<{ Url: string }>(`/customerinvoices/${invoice.Id}/pdf`, {
        notFoundKey: 'accounting.invoiceMissing',
      });
      return api.download(link.Url);
    },
  };
}
