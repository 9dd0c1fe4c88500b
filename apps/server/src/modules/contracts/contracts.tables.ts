import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import type { MessageParams } from '../../lib/i18n';
import type { AccContract } from '../../providers/accounting/provider';
import { tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/**
 * The mirror of the accounting program's contracts, per club account (see customers.tables.ts),
 * plus what only the portal knows about a contract: its tags, a scheduled cancellation date and
 * whether the portal terminated it. Those columns are never overwritten by a refresh.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    number: text('number').notNull(),
    customerNumber: text('customer_number').notNull(),
    customerName: text('customer_name').notNull(),
    /** Null while only list items were read (Fortnox's contract list has no ContractDate). */
    contractDate: date('contract_date', { mode: 'string' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }),
    continuous: boolean('continuous').notNull(),
    active: boolean('active').notNull(),
    finished: boolean('finished').notNull(),
    invoiceInterval: integer('invoice_interval').notNull(),
    contractLength: integer('contract_length').notNull(),
    lastInvoiceDate: date('last_invoice_date', { mode: 'string' }),
    totalOre: bigint('total_ore', { mode: 'number' }).notNull(),
    externalRef: text('external_ref'),
    createdBy: actorReference('created_by'),
    data: jsonb('data').$type<AccContract>().notNull(),
    // Portal-only state.
    category: text('category'),
    tags: text('tags').array().notNull().default([]),
    cancellationDate: date('cancellation_date', { mode: 'string' }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    /** When the contract was last read whole (see customers.tables.ts `readInFullAt`). */
    readInFullAt: timestamp('read_in_full_at', { withTimezone: true }),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contracts_club_number_uq').on(t.clubAccountId, t.number),
    index('contracts_club_start_idx').on(t.clubAccountId, t.periodStart),
    index('contracts_org_idx').on(t.organisationId),
    index('contracts_cancellation_idx').on(t.cancellationDate).where(sql`${t.terminatedAt} is null`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A price change planned on a contract ("update prices: increase or decrease by a percent on a
 * date"); the schedules job applies it in the accounting program on that date.
 */
export const contractPriceChanges = pgTable(
  'contract_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    contractNumber: text('contract_number').notNull(),
    /** Percent × 100, negative for a decrease. */
    changeBasisPoints: integer('change_basis_points').notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('scheduled'),
    /** When a run of the schedules job took it (a crashed run's claim is taken over after a while). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The rows' prices (öre) before and after, written before the program is changed: a rerun after a crash sees whether the change already landed. */
    pricesBefore: jsonb('prices_before').$type<number[]>(),
    pricesAfter: jsonb('prices_after').$type<number[]>(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** A message key (rendered per reader with `errorParams`) or the program's text. */
    error: text('error'),
    errorParams: jsonb('error_params').$type<MessageParams>(),
    createdBy: actorReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_price_changes_due_idx').on(t.status, t.effectiveOn),
    index('contract_price_changes_contract_idx').on(t.clubAccountId, t.contractNumber),
    tenantIsolation(t.organisationId),
  ],
);
