import { t } from '../../../lib/i18n';
import type { AccountingProvider } from '../../accounting/provider';
import { documentLanguage, type VismaCustomer } from '../mapping';
import type { VismaContext } from './context';
import { draftThenConvert, invoiceParty } from './drafts';
import { creditNotesFor, toAccInvoice } from './invoice-reading';
import { refused } from './shared';

/**
 * Crediting an invoice in full: a credit draft of its rows, negated, converted at once. Our
 * record keys it by the original's id, so an invoice is credited once and the credit note's
 * original is known (invoice-reading.ts).
 */
export function creditOf(ctx: VismaContext): AccountingProvider['invoices']['credit'] {
  return async (number) => {
    const original = await ctx.invoiceByNumber(number);
    if (original.IsCreditInvoice) throw refused('conflict', 'accounting.visma.creditNoteNotCreditable');
    // Credited by us (our record, keyed by the original's id) or in Visma (ReferringInvoiceId).
    if ((await ctx.journal.find('credit', original.Id))?.answer || (await creditNotesFor(ctx, [original.Id])).has(original.Id))
      throw refused('conflict', 'accounting.visma.invoiceAlreadyCredited');
    const r = await ctx.refs();
    const customer = await ctx.api.get<VismaCustomer>(`/customers/${original.CustomerId}`, {
      notFoundKey: 'accounting.customerMissing',
    });
    // The credit note names the invoice it credits in its first row, in the customer's document
    // language (definitions.CustomerApi.SalesDocumentLanguage): the contract has no field that
    // links the two (CustomerInvoiceDraftApi has no ReferringInvoiceId; on CustomerInvoiceApi it
    // is read-only), and a credit note must refer to its invoice. The link the portal reads is our record's.
    const named = {
      LineNumber: 0,
      IsTextRow: true,
      Text: t('accounting.visma.creditNoteRow', documentLanguage(customer), { number: original.InvoiceNumber }),
      ReversedConstructionServicesVatFree: false,
    };
    const credited = (original.Rows ?? []).map((row, index) =>
      row.IsTextRow
        ? { LineNumber: index + 1, IsTextRow: true, Text: row.Text || '-', ReversedConstructionServicesVatFree: false }
        : {
            LineNumber: index + 1,
            IsTextRow: false,
            ArticleId: row.ArticleId,
            Text: row.Text || row.ArticleNumber || '-',
            UnitPrice: row.UnitPrice,
            Quantity: -(row.Quantity ?? 0),
            DiscountPercentage: row.DiscountPercentage ?? 0,
            ReversedConstructionServicesVatFree: false,
            CostCenterItemId1: r.costCenterItems.some((i) => i.Id === row.CostCenterItemId1) ? row.CostCenterItemId1 : null,
            ProjectId: row.ProjectId ?? null,
          },
    );
    const credit = await draftThenConvert(
      ctx,
      'credit',
      original.Id,
      {
        ...invoiceParty(customer),
        IsCreditInvoice: true,
        InvoiceDate: ctx.now().toISOString().slice(0, 10),
        YourReference: original.YourReference ?? null,
        OurReference: original.OurReference ?? null,
        Rows: [named, ...credited],
      },
      true,
    );
    return toAccInvoice(ctx, credit);
  };
}
