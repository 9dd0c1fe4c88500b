import { type CreateInvoiceBody, type Invoice, type InvoiceTypeCode, stockholmToday } from '@fairway/shared';
import {
  type DocumentRowValues,
  documentRowPaths,
  documentRowValues,
  emptyDocumentRow,
} from '../../../components/accounting/lib/document-rows';

type Body = Omit<CreateInvoiceBody, 'requestId'>;

/** What the form holds: the create body without its request id, rows as the rows editor holds them. */
export type InvoiceFormValues = Omit<Body, 'rows' | 'invoiceType'> & { invoiceType: InvoiceTypeCode; rows: DocumentRowValues[] };

const HEAD_FIELDS = [
  'customerNumber',
  'invoiceDate',
  'dueDate',
  'termsOfPayment',
  'invoiceType',
  'currency',
  'yourReference',
  'ourReference',
  'remarks',
  'costCenter',
  'project',
  'rows',
] as const;

/** Every field the server may name in a refusal, so its messages land on the inputs. */
export function invoiceFormFields(rowCount: number): string[] {
  return [...HEAD_FIELDS, ...documentRowPaths(rowCount)];
}

const text = (value: string | null | undefined) => value ?? '';

/** `date` plus `days` calendar days, as `YYYY-MM-DD` (for the due date from the terms of payment). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The form's starting values: the invoice as the program has it, or a new invoice dated today.
 * A new invoice leaves remarks and our reference empty: the server fills them from the invoice
 * configuration, so the configuration stays the one place they are set.
 */
export function invoiceFormValues(invoice?: Invoice, today = stockholmToday()): InvoiceFormValues {
  return {
    customerNumber: text(invoice?.customerNumber),
    invoiceDate: invoice?.invoiceDate ?? today,
    dueDate: text(invoice?.dueDate),
    termsOfPayment: invoice?.termsOfPayment ?? null,
    invoiceType: invoice?.invoiceType ?? 'INVOICE',
    currency: invoice?.currency ?? 'SEK',
    yourReference: text(invoice?.yourReference),
    ourReference: text(invoice?.ourReference),
    remarks: text(invoice?.remarks),
    costCenter: invoice?.costCenter ?? null,
    project: invoice?.project ?? null,
    rows: invoice ? invoice.rows.map(documentRowValues) : [emptyDocumentRow()],
  };
}
