import {
  type CreateInvoiceBody,
  computeInvoiceTotals,
  type Invoice,
  type InvoiceTotals,
  type InvoiceTypeCode,
} from '@fairway/shared';

type Body = Omit<CreateInvoiceBody, 'requestId'>;
type RowBody = Body['rows'][number];

/** A row as the form holds it: price and quantity may be empty while typing (the schema then asks for them). */
export type InvoiceRowValues = Omit<RowBody, 'priceOre' | 'quantityHundredths'> & {
  priceOre: number | null;
  quantityHundredths: number | null;
};
/** What the form holds: the create body without its request id, rows as above. */
export type InvoiceFormValues = Omit<Body, 'rows' | 'invoiceType'> & { invoiceType: InvoiceTypeCode; rows: InvoiceRowValues[] };

export const ROW_FIELDS = [
  'articleNumber',
  'description',
  'quantityHundredths',
  'unit',
  'priceOre',
  'vatPercent',
  'discountBasisPoints',
  'costCenter',
  'project',
] as const;

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
  const rows = Array.from({ length: rowCount }, (_, i) => ROW_FIELDS.map((f) => `rows.${i}.${f}`)).flat();
  return [...HEAD_FIELDS, ...rows];
}

export const emptyInvoiceRow = (): InvoiceRowValues => ({
  articleNumber: null,
  description: '',
  quantityHundredths: 100,
  unit: null,
  priceOre: null,
  vatPercent: 25,
  discountBasisPoints: 0,
  costCenter: null,
  project: null,
});

const text = (value: string | null | undefined) => value ?? '';

/** Today in Stockholm as `YYYY-MM-DD` (the accounting program's calendar). */
export function todayInStockholm(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(now);
}

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
export function invoiceFormValues(invoice?: Invoice, today = todayInStockholm()): InvoiceFormValues {
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
    rows: invoice
      ? invoice.rows.map((row) => ({
          articleNumber: row.articleNumber,
          description: row.description,
          quantityHundredths: row.quantityHundredths,
          unit: row.unit,
          priceOre: row.priceOre,
          vatPercent: row.vatPercent,
          discountBasisPoints: row.discountBasisPoints,
          // Kept as the program has them, so saving never drops a row's cost centre or project.
          costCenter: row.costCenter,
          project: row.project,
        }))
      : [emptyInvoiceRow()],
  };
}

export interface TotalsRowValues {
  quantityHundredths?: number | null;
  priceOre?: number | null;
  vatPercent?: number | null;
  discountBasisPoints?: number | null;
}

/**
 * The totals box while the form is typed: the shared computation the server checks the program's
 * answer against (rows rounded to öre, VAT once per rate, the total to whole kronor). Half-typed
 * rows count as zero, and a discount above 100 % (refused on save) as 100 %, so the box never
 * shows a negative invoice the program would not make.
 */
export function liveInvoiceTotals(rows: readonly TotalsRowValues[]): InvoiceTotals {
  return computeInvoiceTotals(
    rows.map((row) => ({
      quantityHundredths: Math.max(0, row.quantityHundredths ?? 0),
      priceOre: Math.max(0, row.priceOre ?? 0),
      vatPercent: row.vatPercent ?? 0,
      discountBasisPoints: Math.min(10_000, Math.max(0, row.discountBasisPoints ?? 0)),
    })),
  );
}

/**
 * A decimal input's value ×100, for percent → basis points and quantity → hundredths. While typing
 * the input hands over partial text such as "12," — read as 12 so the digits to come are not lost.
 */
export function hundredthsOf(value: number | string): number | null {
  const number = typeof value === 'number' ? value : Number(value.replace(/\s/g, '').replace(',', '.'));
  return value === '' || !Number.isFinite(number) ? null : Math.round(number * 100);
}
