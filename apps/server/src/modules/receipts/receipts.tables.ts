import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccounts, organisations } from '../organizations/organizations.tables';

/**
 * The receipt of a fully paid invoice (docs/receipts.md#states), one per club account and invoice number
 * of the invoice mirror. No row means "not sent". `send_out_id` is the last send-out that took it;
 * the page follows a send-out's progress through it.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id')
      .notNull()
      .references(() => clubAccounts.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull(),
    state: text('state', { enum: ['not_sent', 'queued', 'sent', 'failed'] })
      .notNull()
      .default('not_sent'),
    sendOutId: uuid('send_out_id'),
    /** The language the receipt is written in (the sender's, at the time of sending). */
    lang: text('lang').notNull().default('sv'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipient: text('recipient'),
    failure: text('failure', { enum: ['no_email', 'smtp', 'not_paid'] }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_club_invoice_uq').on(t.clubAccountId, t.invoiceNumber),
    index('receipts_send_out_idx').on(t.sendOutId),
    tenantIsolation(t.organisationId),
  ],
);
