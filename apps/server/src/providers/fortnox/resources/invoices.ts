import type { AccInvoice, AccountingProvider, InvoiceDeliveryMethod, SummaryOmits } from '../../accounting/provider';
import type { FxInvoice } from '../fortnox-types';
import { invoiceFromFx, invoiceToFx } from '../mapping';
import { all, enc, type FortnoxContext, idempotent, list, send } from './context';
import { getInvoice, getInvoiceFx, invoiceAction } from './documents';
import { registerPayment } from './payments';

/**
 * What an invoice list item does not carry (CONTRACT.md rule L1): no Credit,
 * CreditInvoiceReference or ContractReference, no references or remarks. Its rows, payments, net
 * and VAT are missing too; the mirror keeps those from a whole read while the total and balance
 * are unchanged (modules/invoices/invoices.mirror.ts), so a changed invoice is read whole again.
 */
export const INVOICE_LIST_OMITS: SummaryOmits<AccInvoice> = [
  'isCredit',
  'creditedInvoiceNumber',
  'credited',
  'contractNumber',
  'yourReference',
  'ourReference',
  'remarks',
];

/**
 * Invoices: found by our reference in ExternalInvoiceReference1 (searched, compared exactly);
 * actions read back after a lost answer; payments (payments.ts) through our request journal.
 */
export function invoicesOf(ctx: FortnoxContext): AccountingProvider['invoices'] {
  return {
    summaryOmits: INVOICE_LIST_OMITS,
    list: (query) => list<FxInvoice, AccInvoice>(ctx, 'invoices', 'Invoices', query, (fx) => invoiceFromFx(fx)),
    get: (number) => getInvoice(ctx, number),
    create: (fields, { externalRef, firstAttempt }) =>
      idempotent(
        ctx,
        async () => {
          // A search hit only contains our reference (rule S2): compared exactly.
          const found = (await all<FxInvoice>(ctx, 'invoices', 'Invoices', { externalinvoicereference1: externalRef })).find(
            (i) => i.ExternalInvoiceReference1 === externalRef,
          );
          return found ? getInvoice(ctx, found.DocumentNumber) : null;
        },
        async () =>
          invoiceFromFx(
            (
              await send<{ Invoice: FxInvoice }>(
                ctx,
                'POST',
                'invoices',
                { Invoice: invoiceToFx(fields, externalRef) },
                'invoice',
                false,
              )
            ).Invoice,
          ),
        firstAttempt,
      ),
    update: async (number, fields) =>
      invoiceFromFx(
        (
          await send<{ Invoice: FxInvoice }>(
            ctx,
            'PUT',
            `invoices/${enc(number)}`,
            { Invoice: invoiceToFx(fields) },
            'invoice',
            true,
          )
        ).Invoice,
      ),
    bookkeep: (number) => invoiceAction(ctx, number, 'bookkeep', (i) => i.booked),
    cancel: (number) => invoiceAction(ctx, number, 'cancel', (i) => i.cancelled),
    send: (number, method: InvoiceDeliveryMethod) => {
      if (method === 'externalprint')
        return invoiceAction(ctx, number, 'externalprint', (i) => i.sent && i.deliveryMethod === 'externalprint');
      if (method === 'print') return invoiceAction(ctx, number, 'print', (i) => i.sent && i.deliveryMethod === 'print', 'GET');
      // E-mail and e-invoice are GETs in Fortnox but send something: never repeated blindly.
      return invoiceAction(
        ctx,
        number,
        method === 'email' ? 'email' : 'einvoice',
        (i) => i.sent && i.deliveryMethod === method,
        'GET',
      );
    },
    credit: async (number) => {
      const credited = await invoiceAction(ctx, number, 'credit', (i) => i.credited);
      const fx = await getInvoiceFx(ctx, number);
      return getInvoice(ctx, String(fx.CreditInvoiceReference || credited.number));
    },
    registerPayment: (number, payment, options) => registerPayment(ctx, number, payment, options),
    pdf: (number) =>
      ctx.client.request({
        method: 'GET',
        path: `invoices/${enc(number)}/preview`,
        accept: 'pdf',
        safe: true,
        resource: 'invoice',
      }),
  };
}
