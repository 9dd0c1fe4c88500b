import { z } from 'zod';
import { accountingListQuery } from '../accounting/accounting.schemas';
import { paginationSchema } from '../errors';
import { runStatusSchema } from '../runs/runs.schemas';

/**
 * Receipts (docs/receipts.md: /receipts, `send_receipts/`): invoices fully paid in the
 * last 90 days, each with the state of its e-mailed receipt.
 */
export const RECEIPT_WINDOW_DAYS = 90;
/** At most this many receipts per send-out (one selection of the list, several pages of it). */
export const RECEIPT_SEND_MAX = 500;

/**
 * `queued` is ours: the receipt is waiting for the send-out job. The three states users
 * see are `not_sent`, `sent` and `failed` ("failed to send"; docs/receipts.md#states).
 */
export const RECEIPT_STATES = ['not_sent', 'queued', 'sent', 'failed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];
export const RECEIPT_STATE_FILTERS = ['all', ...RECEIPT_STATES] as const;

/**
 * Why a receipt could not be sent: the customer has no e-mail, the mail server refused it, the
 * invoice is no longer fully paid, or the send-out's worker stopped while handing it to the mail
 * server (it may or may not have gone out, so it is not sent again by itself).
 */
export const RECEIPT_FAILURES = ['no_email', 'smtp', 'not_paid', 'interrupted'] as const;
export type ReceiptFailure = (typeof RECEIPT_FAILURES)[number];

export const RECEIPT_SORTS = ['number', 'customerName', 'paidDate', 'amount', 'state'] as const;
export type ReceiptSort = (typeof RECEIPT_SORTS)[number];

export const receiptsListQuerySchema = accountingListQuery(RECEIPT_SORTS, {
  state: z.enum(RECEIPT_STATE_FILTERS).default('all'),
});
export type ReceiptsListQuery = z.input<typeof receiptsListQuerySchema>;
export type ReceiptsListFilter = z.output<typeof receiptsListQuerySchema>;

const str = (max = 1024) => z.string().max(max);

export const receiptRowSchema = z.object({
  /** The invoice's id: receipts are addressed by their invoice. */
  invoiceId: z.string().uuid(),
  invoiceNumber: str(),
  customerNumber: str(),
  customerName: str(),
  /** The customer's e-mail in the accounting program; null when it has none. */
  email: str(254).nullable(),
  amountOre: z.number().int(),
  currency: str(3),
  ocr: str().nullable(),
  /** The date of the payment that brought the balance to zero. */
  paidDate: str(10),
  state: z.enum(RECEIPT_STATES),
  sentAt: str(40).nullable(),
  recipient: str(254).nullable(),
  failure: z.enum(RECEIPT_FAILURES).nullable(),
  /** The mail server's own words when it refused the message. */
  error: str(1000).nullable(),
  attempts: z.number().int(),
});
export type ReceiptRow = z.infer<typeof receiptRowSchema>;

export const receiptsListSchema = z.object({ data: z.array(receiptRowSchema), pagination: paginationSchema });

export const sendReceiptsBodySchema = z
  .object({
    invoiceIds: z.array(z.string().uuid()).max(RECEIPT_SEND_MAX),
  })
  .strict();
export type SendReceiptsBody = z.infer<typeof sendReceiptsBodySchema>;

/**
 * A send-out and how far it has come; the page polls it until it is done. `status`, `total` and
 * `error` are the send-out's run (docs/receipts.md#send-outs); the counts are its receipts'.
 */
export const receiptSendOutSchema = z.object({
  id: z.string().uuid(),
  status: runStatusSchema,
  /** How many receipts the send-out took. */
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** The run has ended (succeeded, or failed with `error`). */
  done: z.boolean(),
  /** Why the send-out itself failed, in the reader's language (a receipt's own failure is in `failures`). */
  error: str(2000).nullable(),
  failures: z
    .array(
      z.object({
        invoiceNumber: str(),
        customerName: str(),
        failure: z.enum(RECEIPT_FAILURES),
        error: str(1000).nullable(),
      }),
    )
    .max(RECEIPT_SEND_MAX),
});
export type ReceiptSendOut = z.infer<typeof receiptSendOutSchema>;

export const sendOutParamsSchema = z.object({ id: z.string().uuid() }).strict();
export const receiptPdfParamsSchema = z.object({ invoiceId: z.string().uuid() }).strict();
