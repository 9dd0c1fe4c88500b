import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { AccInvoice, InvoicePayment, SummaryOmits } from '../../providers/accounting/provider';
import {
  documentToStore,
  MIRRORED_BASE,
  type MirrorTarget,
  mirrorRowBase,
  mirrorTableUpkeep,
  storedDocuments,
  summaryToStore,
  timestampOf,
  upsertMirror,
} from '../accounting/mirror/mirror';
import { invoicePayments, invoiceSearchTerms, invoices } from './invoices.tables';

/** The date the balance reached zero: the latest payment's, when the invoice is fully paid. */
function fullyPaidOn(i: AccInvoice): string | null {
  if (i.balanceOre !== 0 || i.cancelled || i.totalOre === 0) return null;
  const dates = i.payments.map((p) => p.paymentDate).sort();
  return dates.at(-1) ?? null;
}

export function invoiceRow(target: MirrorTarget, i: AccInvoice, createdBy?: string | null): typeof invoices.$inferInsert {
  return {
    ...mirrorRowBase(target, i, createdBy),
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
  ...MIRRORED_BASE,
] as const;

/** Rows and payments are kept from a full read while total and balance are unchanged. */
const KEEP_ROWS = {
  keys: ['rows', 'payments'],
  sameDocument: (a: AccInvoice, b: AccInvoice) => a.totalOre === b.totalOre && a.balanceOre === b.balanceOre,
};

export async function mirrorInvoices(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccInvoice[],
  createdBy?: string | null,
  /** A whole document (read by number, create, action) rather than a list item. */
  whole = false,
  /** The fields the program's invoice list items leave out (the provider's `invoices.summaryOmits`), kept. */
  omits: SummaryOmits<AccInvoice> = [],
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    invoices,
    target,
    items.map((i) => i.number),
  );
  const merged = items.map((i) => {
    const before = stored.get(i.number) as AccInvoice | undefined;
    if (whole) return documentToStore(before, i, true);
    const doc = summaryToStore(before, i, omits, KEEP_ROWS);
    // Fortnox's invoice list leaves Net and TotalVAT out (they read as 0 while Total does not):
    // while the total is unchanged, a summary keeps the amounts a full read stored.
    const summary = i.netOre === 0 && i.vatOre === 0 && i.totalOre !== 0;
    return before && summary && before.totalOre === i.totalOre ? { ...doc, netOre: before.netOre, vatOre: before.vatOre } : doc;
  });
  const written = await upsertMirror(
    conn,
    invoices,
    merged.map((i) => invoiceRow(target, i, createdBy)),
    MIRRORED,
    {
      // A list summary has no payments: keep the known date while the invoice stays paid.
      fullyPaidOn: sql.raw(
        `coalesce(excluded."fully_paid_on", case when excluded."balance_ore" = 0 then "invoices"."fully_paid_on" end)`,
      ),
    },
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

/**
 * Dates invoices became fully paid, from the mirrored payments (the programs' invoice lists do
 * not carry payments). Receipts list invoices fully paid in the last 90 days (docs/receipts.md#window).
 */
export async function refreshPaidDates(conn: Db | Tx, target: MirrorTarget): Promise<void> {
  await conn.execute(sql`
    update ${invoices} i set fully_paid_on = p.last_payment
    from (
      select invoice_number, max(payment_date) as last_payment from ${invoicePayments}
      where club_account_id = ${target.clubAccountId} group by invoice_number
    ) p
    where i.club_account_id = ${target.clubAccountId} and i.number = p.invoice_number
      and i.balance_ore = 0 and not i.cancelled and i.total_ore <> 0
      and i.fully_paid_on is distinct from p.last_payment`);
}

/**
 * The invoice mirror's upkeep in a refresh. Invoices are never deleted in the programs (they are
 * cancelled or credited), so a full read prunes none; payments it does.
 */
export const invoicesMirrorTable = mirrorTableUpkeep(invoices, { pruned: false, companions: [invoiceSearchTerms] });
export const invoicePaymentsMirrorTable = mirrorTableUpkeep(invoicePayments, { pruned: true });
