import type { Db, Tx } from '../../db/client';
import type { AccInvoice, InvoicePayment } from '../../integrations/accounting/provider';
import { type MirrorTarget, timestampOf, upsertMirror } from '../accounting/mirror';
import { invoicePayments, invoices } from './invoices.schema';

/** The date the balance reached zero: the latest payment's, when the invoice is fully paid. */
function fullyPaidOn(i: AccInvoice): string | null {
  if (i.balanceOre !== 0 || i.cancelled || i.totalOre === 0) return null;
  const dates = i.payments.map((p) => p.paymentDate).sort();
  return dates.at(-1) ?? null;
}

export function invoiceRow(target: MirrorTarget, i: AccInvoice, createdBy?: string | null): typeof invoices.$inferInsert {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    number: i.number,
    customerNumber: i.customerNumber,
    customerName: i.customerName,
    invoiceDate: i.invoiceDate,
    dueDate: i.dueDate,
    netOre: i.netOre,
    vatOre: i.vatOre,
    totalOre: i.totalOre,
    balanceOre: i.balanceOre,
    currency: i.currency,
    ocr: i.ocr,
    invoiceType: i.invoiceType,
    booked: i.booked,
    cancelled: i.cancelled,
    sent: i.sent,
    isCredit: i.isCredit,
    credited: i.credited,
    creditedInvoiceNumber: i.creditedInvoiceNumber,
    contractNumber: i.contractNumber,
    deliveryMethod: i.deliveryMethod,
    fullyPaidOn: fullyPaidOn(i),
    externalRef: i.externalRef,
    ...(createdBy ? { createdBy } : {}),
    data: i,
    providerModifiedAt: timestampOf(i.modifiedAt),
  };
}

const MIRRORED = [
  'customerNumber',
  'customerName',
  'invoiceDate',
  'dueDate',
  'netOre',
  'vatOre',
  'totalOre',
  'balanceOre',
  'currency',
  'ocr',
  'invoiceType',
  'booked',
  'cancelled',
  'sent',
  'isCredit',
  'credited',
  'creditedInvoiceNumber',
  'contractNumber',
  'deliveryMethod',
  'fullyPaidOn',
  'externalRef',
  'data',
  'providerModifiedAt',
] as const;

export async function mirrorInvoices(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccInvoice[],
  createdBy?: string | null,
): Promise<number> {
  const written = await upsertMirror(
    conn,
    invoices,
    items.map((i) => invoiceRow(target, i, createdBy)),
    MIRRORED,
  );
  await mirrorInvoicePayments(
    conn,
    target,
    items.flatMap((i) => i.payments),
  );
  return written;
}

export function mirrorInvoicePayments(conn: Db | Tx, target: MirrorTarget, items: InvoicePayment[]): Promise<number> {
  return upsertMirror(
    conn,
    invoicePayments,
    items.map((p) => ({
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      number: p.number,
      invoiceNumber: p.invoiceNumber,
      paymentDate: p.paymentDate,
      amountOre: p.amountOre,
      providerModifiedAt: timestampOf(p.modifiedAt),
    })),
    ['invoiceNumber', 'paymentDate', 'amountOre', 'providerModifiedAt'],
  );
}
