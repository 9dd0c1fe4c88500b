import type { BillingLine } from '@fairway/shared';
import { BILLING_STATUSES } from '@fairway/shared';
import { date, index, integer, jsonb, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { organisationReference } from '../organizations/organizations.tables';

/** Our invoice numbers to clubs run from 500001 upwards, across all organisations. */
export const billingNumberSeq = pgSequence('billing_number_seq', { startWith: 500001 });

/** Invoices from us to the club for its subscription (docs/subscriptions.md#billing). */
export const billings = pgTable(
  'billings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    number: text('number').notNull(),
    ocr: text('ocr').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: text('status', { enum: BILLING_STATUSES }).notNull().default('unpaid'),
    lines: jsonb('lines').$type<BillingLine[]>().notNull(),
    subtotalOre: integer('subtotal_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    totalOre: integer('total_ore').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billings_number_uq').on(t.number),
    index('billings_org_idx').on(t.organisationId, t.invoiceDate),
    tenantIsolation(t.organisationId),
  ],
);
