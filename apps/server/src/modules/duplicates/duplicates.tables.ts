import type {
  DuplicateField,
  DuplicateMemberState,
  DuplicateResource,
  FieldOutcome,
  HandlingStep,
  TransactionIdField,
} from '@fairway/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { runLifecycleColumns } from '../../lib/runs/run-columns';
import { organisationReference, tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';
import type { DocumentRowInput } from './engine/model';

/**
 * Dubbelkoll's tables (docs/duplicates.md). Customer invoices are read from the invoices mirror
 * (modules/invoices/invoices.tables.ts); the program's other documents the engine compares are
 * mirrored here.
 */

type RunStatusColumn = 'queued' | 'running' | 'succeeded' | 'failed';
const RUN_STATUS_CHECK = sql`in ('queued', 'running', 'succeeded', 'failed')`;

/**
 * The mirror of supplier invoices, orders and vouchers, per club account, in the engine's terms
 * (engine/model.ts `DuplicateDocument`), with the program's normalized document in `data`.
 * A voucher's `number` is its series and number, with its financial year where the program numbers
 * each year anew (`A 17 (2025)`; documents.mirror.ts voucherRow).
 */
export const accountingDocuments = pgTable(
  'accounting_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    resource: text('resource').$type<Exclude<DuplicateResource, 'invoice'>>().notNull(),
    number: text('number').notNull(),
    counterpartyNumber: text('counterparty_number'),
    counterpartyName: text('counterparty_name'),
    reference: text('reference'),
    ocr: text('ocr'),
    bankAccount: text('bank_account'),
    /** Incl. VAT, öre; negative for a credit. */
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    vatOre: bigint('vat_ore', { mode: 'number' }),
    currency: text('currency'),
    /** `YYYY-MM-DD`. */
    documentDate: text('document_date').notNull(),
    dueDate: text('due_date'),
    text: text('text'),
    rows: jsonb('rows').$type<DocumentRowInput[]>(),
    booked: boolean('booked').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /**
     * When the document was last read whole (null: held as a list item only, or its list item
     * changed since): the refresh's whole reads look for null (refresh/whole-reads.ts).
     */
    readInFullAt: timestamp('read_in_full_at', { withTimezone: true }),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounting_documents_club_resource_number_uq').on(t.clubAccountId, t.resource, t.number),
    index('accounting_documents_awaiting_whole_read_idx')
      .on(t.clubAccountId, t.resource, t.number)
      .where(sql`${t.readInFullAt} is null`),
    index('accounting_documents_club_resource_date_idx').on(t.clubAccountId, t.resource, t.documentDate),
    index('accounting_documents_org_idx').on(t.organisationId),
    check('accounting_documents_resource_ck', sql`${t.resource} in ('supplier_invoice', 'order', 'voucher')`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A duplicate group of a club account: an original (the earliest document) and its duplicates.
 * Identified by its original, so a new scan finds the same group again: a resolved group stays
 * resolved unless a new document joins it.
 */
export const duplicateGroups = pgTable(
  'duplicate_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    resource: text('resource').$type<DuplicateResource>().notNull(),
    originalNumber: text('original_number').notNull(),
    transactionId: text('transaction_id'),
    confidence: real('confidence').notNull(),
    matchedFields: jsonb('matched_fields').$type<DuplicateField[]>().notNull().default([]),
    differedFields: jsonb('differed_fields').$type<DuplicateField[]>().notNull().default([]),
    notComparedFields: jsonb('not_compared_fields').$type<DuplicateField[]>().notNull().default([]),
    /** Open duplicates (state `open`) and the sum of their amounts, kept with the members. */
    duplicateCount: integer('duplicate_count').notNull().default(0),
    amountAtStakeOre: bigint('amount_at_stake_ore', { mode: 'number' }).notNull().default(0),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: actorReference('resolved_by'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duplicate_groups_original_uq').on(t.clubAccountId, t.resource, t.originalNumber),
    index('duplicate_groups_list_idx').on(t.clubAccountId, t.resolved, t.foundAt),
    index('duplicate_groups_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** A duplicate in a group, with how it compared to the original. */
export const duplicateGroupMembers = pgTable(
  'duplicate_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => duplicateGroups.id, { onDelete: 'cascade' }),
    organisationId: organisationReference(),
    number: text('number').notNull(),
    confidence: real('confidence').notNull(),
    fields: jsonb('fields').$type<Partial<Record<DuplicateField, FieldOutcome>>>().notNull(),
    state: text('state').$type<DuplicateMemberState>().notNull().default('open'),
    stateChangedBy: actorReference('state_changed_by'),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.number] }),
    index('duplicate_group_members_org_idx').on(t.organisationId),
    check('duplicate_group_members_state_ck', sql`${t.state} in ('open', 'not_duplicate', 'handled', 'handling')`),
    tenantIsolation(t.organisationId),
  ],
);

/** A pair a reviewer marked "not a duplicate": never proposed again. `numberA` < `numberB`. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    ...tenantColumns(),
    resource: text('resource').$type<DuplicateResource>().notNull(),
    numberA: text('number_a').notNull(),
    numberB: text('number_b').notNull(),
    dismissedBy: actorReference('dismissed_by'),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubAccountId, t.resource, t.numberA, t.numberB] }),
    index('duplicate_dismissals_org_idx').on(t.organisationId),
    check('duplicate_dismissals_order_ck', sql`${t.numberA} < ${t.numberB}`),
    tenantIsolation(t.organisationId),
  ],
);

/** An organisation's field mapping of a resource (the field mapper); absent = the default (engine/model.ts). */
export const duplicateFieldMappings = pgTable(
  'duplicate_field_mappings',
  {
    organisationId: organisationReference(),
    resource: text('resource').$type<DuplicateResource>().notNull(),
    transactionIdField: text('transaction_id_field').$type<TransactionIdField>().notNull(),
    compared: jsonb('compared').$type<DuplicateField[]>().notNull(),
    updatedBy: actorReference('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.resource] }), tenantIsolation(t.organisationId)],
);

/** A duplicate scan of a club account: a run of the run engine (lib/runs/run-engine.ts). */
export const duplicateScans = pgTable(
  'duplicate_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    kind: text('kind').$type<'full' | 'incremental'>().notNull(),
    status: text('status').$type<RunStatusColumn>().notNull().default('queued'),
    /** Documents checked / to check. */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error'),
    ...runLifecycleColumns(),
    createdBy: actorReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('duplicate_scans_account_idx').on(t.clubAccountId, t.createdAt),
    index('duplicate_scans_org_idx').on(t.organisationId),
    uniqueIndex('duplicate_scans_one_active_uq').on(t.clubAccountId).where(sql`${t.status} in ('queued', 'running')`),
    check('duplicate_scans_status_ck', sql`${t.status} ${RUN_STATUS_CHECK}`),
    check('duplicate_scans_kind_ck', sql`${t.kind} in ('full', 'incremental')`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * Handling a group (or one document of it) in the accounting program: a run of the run engine.
 * `steps` is the plan the reviewer confirmed; `handled` the documents done so far, written after
 * each one, so a resumed attempt never handles a document twice.
 */
export const duplicateHandlings = pgTable(
  'duplicate_handlings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => duplicateGroups.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').$type<HandlingStep[]>().notNull(),
    handled: jsonb('handled').$type<string[]>().notNull().default([]),
    status: text('status').$type<RunStatusColumn>().notNull().default('queued'),
    error: text('error'),
    ...runLifecycleColumns(),
    createdBy: actorReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('duplicate_handlings_group_idx').on(t.groupId, t.createdAt),
    index('duplicate_handlings_org_idx').on(t.organisationId),
    uniqueIndex('duplicate_handlings_one_active_uq').on(t.groupId).where(sql`${t.status} in ('queued', 'running')`),
    check('duplicate_handlings_status_ck', sql`${t.status} ${RUN_STATUS_CHECK}`),
    tenantIsolation(t.organisationId),
  ],
);
