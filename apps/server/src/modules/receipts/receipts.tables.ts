import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { runLifecycleColumns } from '../../lib/runs/run-columns';
import { tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/**
 * The receipt of a fully paid invoice (docs/receipts.md#states), one per club account and invoice number
 * of the invoice mirror. No row means "not sent". `send_out_id` is the last send-out that took it;
 * the page follows a send-out's progress through it. The rows are the send-out's ledger: a
 * resumed send-out takes only the receipts still `queued` (docs/receipts.md#send-outs).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    invoiceNumber: text('invoice_number').notNull(),
    state: text('state', { enum: ['not_sent', 'queued', 'sent', 'failed'] })
      .notNull()
      .default('not_sent'),
    sendOutId: uuid('send_out_id'),
    /** The language the receipt is written in (the sender's, at the time of sending). */
    lang: text('lang').notNull().default('sv'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipient: text('recipient'),
    failure: text('failure', { enum: ['no_email', 'smtp', 'not_paid', 'interrupted'] }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Set just before the receipt is handed to the mail server, cleared when its outcome is
     * written: a queued receipt that still has it lost its worker mid-send, and is not sent again.
     */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('receipts_club_invoice_uq').on(t.clubAccountId, t.invoiceNumber),
    index('receipts_send_out_idx').on(t.sendOutId),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A send-out of receipts: a run of the run engine (lib/runs, kind `receipts.send` in
 * receipts.runs.ts). What it sends is its receipts' ledger above (`receipts.send_out_id`).
 */
export const receiptSendOuts = pgTable(
  'receipt_send_outs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    /** `queued`, `running`, `succeeded`, `failed` (the run engine's). */
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    /** How many receipts the send-out took. */
    total: integer('total').notNull(),
    createdBy: actorReference('created_by'),
    /** Why the run failed, as lib/failure.ts stores it (a receipt's own failure is on the receipt). */
    error: text('error'),
    ...runLifecycleColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('receipt_send_outs_club_idx').on(t.clubAccountId, t.createdAt), tenantIsolation(t.organisationId)],
);
