import type { AccountingProvider, InvoiceFields } from '../../accounting/provider';
import type { VismaPage } from '../client';
import type { VismaInvoice } from '../mapping';
import type { VismaContext } from './context';
import { draftRows, draftThenConvert, invoiceParty } from './drafts';
import { toAccInvoice, toAccInvoices } from './invoice-reading';
import { notSupported, pageQuery, refused, toPage } from './shared';

/**
 * Invoices, keyed by InvoiceNumber: read with their payments and credit notes, made as a draft
 * converted at once (drafts.ts). A Visma invoice is booked from birth, so `update` and `cancel`
 * are refused and `bookkeep` answers the invoice as it is.
 */
export function invoiceDocumentsOf(
  ctx: VismaContext,
): Pick<AccountingProvider['invoices'], 'list' | 'get' | 'create' | 'update' | 'bookkeep' | 'cancel'> {
  return {
    async list(query) {
      const page = await ctx.api.get<VismaPage<VismaInvoice>>('/customerinvoices', { query: pageQuery(query, 'ModifiedUtc') });
      return toPage(page, await toAccInvoices(ctx, page.Data));
    },
    async get(number) {
      return toAccInvoice(ctx, await ctx.invoiceByNumber(number));
    },
    async create(fields: InvoiceFields, { externalRef, firstAttempt }) {
      const customer = await ctx.customerByNumber(fields.customerNumber);
      const rows = await draftRows(ctx, fields.rows, 1);
      const invoice = await draftThenConvert(
        ctx,
        'invoice',
        externalRef,
        {
          ...invoiceParty(customer),
          IsCreditInvoice: false,
          InvoiceDate: fields.invoiceDate,
          YourReference: fields.yourReference,
          OurReference: fields.ourReference,
          Rows: rows,
        },
        firstAttempt !== true,
      );
      return toAccInvoice(ctx, invoice);
    },
    async update(number) {
      await ctx.invoiceByNumber(number);
      throw refused('conflict', 'accounting.visma.invoiceBookedAtCreation');
    },
    async bookkeep(number) {
      return toAccInvoice(ctx, await ctx.invoiceByNumber(number));
    },
    async cancel(number) {
      await ctx.invoiceByNumber(number);
      throw notSupported('accounting.visma.feature.cancelInvoice', 'conflict');
    },
  };
}
