import type { AccInvoice } from '../../accounting/provider';
import { fetchAll } from '../client';
import { invoiceFromVisma, isPaymentVoucher, paymentFromVoucher, type VismaInvoice, type VismaVoucher } from '../mapping';
import type { VismaContext } from './context';

/**
 * Invoices as the portal reads them: with their payments (payment vouchers), whether a credit
 * note credits them, and, for a credit note, the invoice it credits (Visma's ReferringInvoiceId
 * or our record).
 */

/**
 * The payment vouchers of invoices: vouchers whose SourceId is the invoice, other than the
 * invoice's own voucher (definitions.CustomerInvoiceApi.VoucherId), that credit receivables.
 * The contract's VoucherType enum names no type for a customer payment, so none is filtered on.
 */
async function paymentVouchersOf(ctx: VismaContext, invoicesWanted: VismaInvoice[]): Promise<Map<string, VismaVoucher[]>> {
  const byInvoice = new Map<string, VismaVoucher[]>();
  const own = new Set(invoicesWanted.map((i) => i.VoucherId).filter(Boolean));
  const ids = invoicesWanted.map((i) => i.Id);
  // One filter per page of invoices, in chunks that keep the URL short.
  for (let i = 0; i < ids.length; i += 40) {
    const chunk = ids.slice(i, i + 40);
    const filter = chunk.map((id) => `SourceId eq ${id}`).join(' or ');
    for (const v of await fetchAll<VismaVoucher>(ctx.api, '/vouchers', { $filter: filter })) {
      if (own.has(v.Id) || !isPaymentVoucher(v)) continue;
      const list = byInvoice.get(v.SourceId ?? '') ?? [];
      list.push(v);
      byInvoice.set(v.SourceId ?? '', list);
    }
  }
  return byInvoice;
}

/** Originals with a credit note: linked in Visma (ReferringInvoiceId) or in our record. */
export async function creditNotesFor(ctx: VismaContext, ids: string[]): Promise<Set<string>> {
  const credited = new Set<string>();
  for (const id of ids) if ((await ctx.journal.find('credit', id))?.answer) credited.add(id);
  for (let i = 0; i < ids.length; i += 40) {
    const chunk = ids.slice(i, i + 40);
    const filter = `IsCreditInvoice eq true and (${chunk.map((id) => `ReferringInvoiceId eq ${id}`).join(' or ')})`;
    for (const c of await fetchAll<VismaInvoice>(ctx.api, '/customerinvoices', { $filter: filter }))
      if (c.ReferringInvoiceId) credited.add(c.ReferringInvoiceId);
  }
  return credited;
}

async function creditedOriginalOf(ctx: VismaContext, invoice: VismaInvoice): Promise<string | null> {
  if (!invoice.IsCreditInvoice) return null;
  const original = invoice.ReferringInvoiceId ?? (await ctx.journal.byAnswer('credit', invoice.Id))?.key ?? null;
  return original ? ctx.invoiceNumberOf(original) : null;
}

export async function toAccInvoices(ctx: VismaContext, invoices: VismaInvoice[]): Promise<AccInvoice[]> {
  invoices.forEach(ctx.rememberInvoice);
  const [r, payments, credited] = await Promise.all([
    ctx.refs(),
    paymentVouchersOf(
      ctx,
      invoices.filter((i) => !i.IsCreditInvoice),
    ),
    creditNotesFor(
      ctx,
      invoices.filter((i) => !i.IsCreditInvoice).map((i) => i.Id),
    ),
  ]);
  const result: AccInvoice[] = [];
  for (const invoice of invoices) {
    const number = String(invoice.InvoiceNumber);
    const mine = await ctx.journal.byAnswer(invoice.IsCreditInvoice ? 'credit' : 'invoice', invoice.Id);
    result.push(
      invoiceFromVisma(invoice, r, {
        credited: credited.has(invoice.Id),
        creditedInvoiceNumber: await creditedOriginalOf(ctx, invoice),
        payments: (payments.get(invoice.Id) ?? []).map((v) => paymentFromVoucher(v, number)),
        externalRef: mine?.operation === 'invoice' ? mine.key : null,
      }),
    );
  }
  return result;
}

export const toAccInvoice = async (ctx: VismaContext, invoice: VismaInvoice): Promise<AccInvoice> =>
  (await toAccInvoices(ctx, [invoice]))[0] as AccInvoice;
