import { z } from 'zod';
import {
  accountingListQuery,
  basisPointsField,
  codeField,
  exportFormatSchema,
  oreField,
  textField,
} from '../accounting/accounting.schemas';
import { customerNumberField, DELIVERY_METHODS } from '../customers/customers.schemas';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { isIsoDate, isoDateField, optionalIsoDateField, vatRateField } from '../validation/rules';

/**
 * Invoices (docs/invoices.md: fields, states and actions, VAT, types and distribution), as the
 * accounting program keeps them. Amounts are öre, quantities hundredths, discounts basis points.
 */
export const INVOICE_TYPES = ['INVOICE', 'CASH'] as const;
export type InvoiceTypeCode = (typeof INVOICE_TYPES)[number];
export const INVOICE_SEND_WAYS = DELIVERY_METHODS;
export type InvoiceSendWay = (typeof INVOICE_SEND_WAYS)[number];
export const INVOICE_ROWS_MAX = 200;

/** What can be done to an invoice; the server answers the ones its state allows. */
export const INVOICE_ACTIONS = ['edit', 'bookkeep', 'send', 'cancel', 'credit', 'payment'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

export interface InvoiceState {
  booked: boolean;
  cancelled: boolean;
  isCredit: boolean;
  credited: boolean;
  balanceOre: number;
}

/**
 * The states (docs/invoices.md#states): an unbooked invoice can be changed, booked or cancelled; a booked one can be credited
 * (once, and not a credit note itself) and paid while money is owed; any invoice that is not
 * cancelled can be sent. Shared so the web offers exactly what the server accepts.
 */
export function allowedInvoiceActions(s: InvoiceState): InvoiceAction[] {
  if (s.cancelled) return [];
  const out: InvoiceAction[] = [];
  if (!s.booked) out.push('edit', 'bookkeep');
  out.push('send');
  if (!s.booked) out.push('cancel');
  if (s.booked && !s.isCredit && !s.credited) out.push('credit');
  if (s.booked && !s.isCredit && s.balanceOre > 0) out.push('payment');
  return out;
}

/** An invoice row: an article or a description, quantity in hundredths, price in öre ex VAT. */
export const invoiceRowInputSchema = z
  .object({
    articleNumber: codeField(50).default(null),
    description: textField(255).default(null),
    quantityHundredths: z.number().int().min(1).max(100_000_000).default(100),
    unit: codeField().default(null),
    priceOre: oreField()
      .refine((v) => v >= 0, { message: encodeMessage('positive') })
      .default(0),
    vatPercent: vatRateField().default(25),
    discountBasisPoints: basisPointsField().default(0),
    costCenter: codeField().default(null),
    project: codeField().default(null),
  })
  .strict()
  .refine((row) => row.articleNumber !== null || row.description !== null, {
    path: ['description'],
    message: encodeMessage('required'),
  });
export type InvoiceRowInput = z.output<typeof invoiceRowInputSchema>;
export type InvoiceRowBody = z.input<typeof invoiceRowInputSchema>;

const invoiceFields = {
  customerNumber: customerNumberField().min(1, { message: encodeMessage('customer_number_required') }),
  invoiceDate: isoDateField(),
  /** Empty: from the terms of payment, or the invoice configuration's payment terms. */
  dueDate: optionalIsoDateField().default(null),
  termsOfPayment: codeField().default(null),
  invoiceType: z.enum(INVOICE_TYPES).default('INVOICE'),
  currency: z
    .string()
    .trim()
    .max(3)
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: encodeMessage('length', { length: 3 }) })
    .default('SEK'),
  yourReference: textField(50).default(null),
  ourReference: textField(50).default(null),
  /** Empty on create: the invoice configuration's invoice text. */
  remarks: textField(1024).default(null),
  costCenter: codeField().default(null),
  project: codeField().default(null),
  rows: z
    .array(invoiceRowInputSchema)
    .min(1, { message: encodeMessage('required') })
    .max(INVOICE_ROWS_MAX),
};

const dueNotBeforeInvoiceDate = <T extends z.ZodType>(schema: T) =>
  schema.refine(
    (v) => {
      const { invoiceDate, dueDate } = v as { invoiceDate?: unknown; dueDate?: unknown };
      return typeof dueDate !== 'string' || typeof invoiceDate !== 'string' || dueDate >= invoiceDate;
    },
    {
      path: ['dueDate'],
      message: encodeMessage('due_before_invoice_date'),
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );

/**
 * POST invoices. `requestId` is the form's own id for this invoice: sending the same form twice
 * (a double click, a retry after a lost answer) answers the first invoice instead of a second.
 */
export const createInvoiceBodySchema = dueNotBeforeInvoiceDate(
  z.object({ ...invoiceFields, requestId: z.string().uuid().optional() }).strict(),
);
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;
export type CreateInvoiceInput = z.output<typeof createInvoiceBodySchema>;

/** PUT invoices/{id}: the whole invoice, while it is not booked. */
export const updateInvoiceBodySchema = dueNotBeforeInvoiceDate(z.object(invoiceFields).strict());
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;
export type UpdateInvoiceInput = z.output<typeof updateInvoiceBodySchema>;

export const sendInvoiceBodySchema = z.object({ method: z.enum(INVOICE_SEND_WAYS) }).strict();
export type SendInvoiceBody = z.infer<typeof sendInvoiceBodySchema>;

export const invoicePaymentBodySchema = z
  .object({
    paymentDate: isoDateField(),
    amountOre: z
      .number()
      .int()
      .max(10_000_000_000)
      .refine((v) => v > 0, { message: encodeMessage('positive') }),
    /** The payment dialog's own id: sending the same payment twice registers it once. */
    requestId: z.string().uuid().optional(),
  })
  .strict();
export type InvoicePaymentBody = z.infer<typeof invoicePaymentBodySchema>;

export const pdfQuerySchema = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }).strict();

// ---- answers ---------------------------------------------------------------------------------

const str = (max = 1024) => z.string().max(max);

export const invoiceRowSchema = z.object({
  articleNumber: str().nullable(),
  description: str(),
  quantityHundredths: z.number().int(),
  unit: str().nullable(),
  priceOre: z.number().int(),
  vatPercent: z.number().int(),
  discountBasisPoints: z.number().int(),
  /** The row's amount ex VAT. */
  totalOre: z.number().int(),
  costCenter: str().nullable(),
  project: str().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const invoicePaymentSchema = z.object({
  number: str(),
  paymentDate: str(10),
  amountOre: z.number().int(),
});
export type InvoicePaymentItem = z.infer<typeof invoicePaymentSchema>;

/** Where a mirrored payment was registered: through the portal (POST invoices/{id}/payments) or in the accounting program. */
export const INVOICE_PAYMENT_SOURCES = ['portal', 'accounting'] as const;
export type InvoicePaymentSource = (typeof INVOICE_PAYMENT_SOURCES)[number];
/** At most this many payments in `GET invoices/{id}/payments` (an invoice has a few). */
export const INVOICE_PAYMENTS_MAX = 1_000;

/** GET invoices/{id}/payments (also `GET invoice_payment/{id}`): the invoice's payments as the mirror holds them, oldest first. */
export const invoicePaymentsListSchema = z.object({
  data: z
    .array(invoicePaymentSchema.extend({ source: z.enum(INVOICE_PAYMENT_SOURCES), syncedAt: str(40) }))
    .max(INVOICE_PAYMENTS_MAX),
  invoice: z.object({ id: z.string().uuid(), number: str(), balanceOre: z.number().int() }),
});
export type InvoicePaymentsList = z.infer<typeof invoicePaymentsListSchema>;

export const invoiceListRowSchema = z.object({
  id: z.string().uuid(),
  number: str(),
  customerNumber: str(),
  customerName: str(),
  invoiceDate: str(10),
  dueDate: str(10).nullable(),
  totalOre: z.number().int(),
  balanceOre: z.number().int(),
  currency: str(3),
  ocr: str().nullable(),
  invoiceType: z.enum(INVOICE_TYPES),
  booked: z.boolean(),
  cancelled: z.boolean(),
  sent: z.boolean(),
  /** How it was last sent when `sent`; before that, the customer's own way of delivery. */
  deliveryMethod: z.enum(INVOICE_SEND_WAYS).nullable(),
  isCredit: z.boolean(),
  credited: z.boolean(),
  /** Unpaid after its due date (Swedish time). */
  overdue: z.boolean(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

export const invoiceSchema = invoiceListRowSchema.extend({
  termsOfPayment: str().nullable(),
  yourReference: str().nullable(),
  ourReference: str().nullable(),
  remarks: str().nullable(),
  costCenter: str().nullable(),
  project: str().nullable(),
  netOre: z.number().int(),
  vatOre: z.number().int(),
  rows: z.array(invoiceRowSchema),
  payments: z.array(invoicePaymentSchema),
  creditedInvoiceNumber: str().nullable(),
  voucherNumbers: z.array(str()),
  contractNumber: str().nullable(),
  allowedActions: z.array(z.enum(INVOICE_ACTIONS)),
  /** True when the accounting program could not be reached and this is the portal's last copy. */
  stale: z.boolean(),
  /** When the portal last read it from the accounting program. */
  syncedAt: str(40),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_SORTS = ['number', 'invoiceDate', 'dueDate', 'customerName', 'total', 'balance'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
export const INVOICE_BOOKED_FILTERS = ['all', 'unbooked', 'booked'] as const;
export const INVOICE_PAYMENT_FILTERS = ['all', 'unpaid', 'paid'] as const;
export const INVOICE_KIND_FILTERS = ['all', 'cancelled', 'credit', 'overdue'] as const;

const filterDate = () =>
  z
    .string()
    .trim()
    .max(10)
    .refine(isIsoDate, { message: encodeMessage('date') })
    .optional();

const invoiceFilters = {
  booked: z.enum(INVOICE_BOOKED_FILTERS).default('all'),
  payment: z.enum(INVOICE_PAYMENT_FILTERS).default('all'),
  kind: z.enum(INVOICE_KIND_FILTERS).default('all'),
  /** Invoice date range, both ends included. */
  from: filterDate(),
  to: filterDate(),
};
export const invoicesListQuerySchema = accountingListQuery(INVOICE_SORTS, invoiceFilters);
export type InvoicesListQuery = z.input<typeof invoicesListQuerySchema>;
export type InvoicesListFilter = z.output<typeof invoicesListQuerySchema>;

export const invoicesExportQuerySchema = invoicesListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormatSchema });
export type InvoicesExportQuery = z.input<typeof invoicesExportQuerySchema>;

export const invoicesListSchema = z.object({ data: z.array(invoiceListRowSchema), pagination: paginationSchema });
