import {
  bigint,
  boolean,
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
import { clubAccountReference, clubAccounts, tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/**
 * A club account's link to GIT (one per club account). The API key is encrypted at rest
 * (lib/secrets.ts, like the accounting tokens). `environment`: `live` talks to `base_url`;
 * `simulator` to the in-process GIT simulator (demo), whose address is looked up when used.
 * `status`: `connected` or `key_revoked` (GIT refused the key: a reconnect is needed and the GIT
 * jobs stop). Disconnecting deletes the row.
 */
export const gitConnections = pgTable(
  'git_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    gitClubId: text('git_club_id').notNull(),
    gitClubName: text('git_club_name'),
    apiKey: text('api_key').notNull(),
    environment: text('environment').notNull().default('live'),
    baseUrl: text('base_url'),
    status: text('status').notNull(),
    connectedBy: actorReference('connected_by'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('git_connections_club_account_uq').on(t.clubAccountId),
    index('git_connections_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** GIT's members of the club account (mirror). */
export const gitMembers = pgTable(
  'git_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    golfId: text('golf_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    categoryCode: text('category_code').notNull(),
    categoryName: text('category_name').notNull(),
    guardianGolfId: text('guardian_golf_id'),
    familyId: text('family_id'),
    familyRole: text('family_role'),
    active: boolean('active').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('git_members_club_golf_id_uq').on(t.clubAccountId, t.golfId),
    index('git_members_org_idx').on(t.organisationId),
    index('git_members_name_idx').on(t.clubAccountId, t.lastName, t.firstName),
    tenantIsolation(t.organisationId),
  ],
);

/** GIT's articles / fees of the club account (mirror). */
export const gitArticles = pgTable(
  'git_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    gitId: text('git_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    amountOre: integer('amount_ore').notNull(),
    vatRate: real('vat_rate').notNull(),
    account: text('account').notNull(),
    memberCategoryCode: text('member_category_code'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('git_articles_club_git_id_uq').on(t.clubAccountId, t.gitId),
    index('git_articles_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** GIT's invoice occasions (*fakturaomgång*), with the portal's own `archived` flag. */
export const gitInvoiceOccasions = pgTable(
  'git_invoice_occasions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    gitId: text('git_id').notNull(),
    name: text('name').notNull(),
    invoiceDate: text('invoice_date').notNull(),
    dueDate: text('due_date').notNull(),
    basisCount: integer('basis_count').notNull(),
    /** Sums over every basis: a big club's annual fees pass 21 million kronor (integer's limit in öre). */
    totalOre: bigint('total_ore', { mode: 'number' }).notNull(),
    paidOre: bigint('paid_ore', { mode: 'number' }).notNull(),
    /** The portal's flag (archived / unarchived, docs/git.md#mirror), never GIT's. */
    archived: boolean('archived').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    gitCreatedAt: timestamp('git_created_at', { withTimezone: true }).notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('git_invoice_occasions_club_git_id_uq').on(t.clubAccountId, t.gitId),
    index('git_invoice_occasions_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** One item a run could not do: which basis (and invoice), and why (a message key with its params). */
export interface GitRunFailure {
  basisGitId: string | null;
  invoiceNumber: string | null;
  message: string;
}

export interface GitBasisRow {
  articleCode: string;
  description: string;
  quantity: number;
  amountOre: number;
  vatRate: number;
}

/** GIT's invoice bases (*fakturaunderlag*) with their rows (mirror). */
export const gitInvoiceBases = pgTable(
  'git_invoice_bases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    gitId: text('git_id').notNull(),
    occasionGitId: text('occasion_git_id').notNull(),
    number: integer('number').notNull(),
    memberGolfId: text('member_golf_id').notNull(),
    memberName: text('member_name').notNull(),
    /** `self`, `guardian` or `family`. */
    payerKind: text('payer_kind').notNull(),
    payerGolfId: text('payer_golf_id').notNull(),
    payerName: text('payer_name').notNull(),
    familyId: text('family_id'),
    rows: jsonb('rows').$type<GitBasisRow[]>().notNull(),
    totalOre: integer('total_ore').notNull(),
    dueDate: text('due_date').notNull(),
    /** `unpaid`, `partially_paid`, `paid`, `credited`. */
    status: text('status').notNull(),
    paidOre: integer('paid_ore').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    creditReason: text('credit_reason'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('git_invoice_bases_club_git_id_uq').on(t.clubAccountId, t.gitId),
    index('git_invoice_bases_occasion_idx').on(t.clubAccountId, t.occasionGitId, t.status),
    index('git_invoice_bases_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** Where the incremental GIT refresh of each resource has got to, per club account. */
export const gitSyncCursors = pgTable(
  'git_sync_cursors',
  {
    clubAccountId: clubAccountReference(),
    resource: text('resource').notNull(),
    modifiedSince: timestamp('modified_since', { withTimezone: true }),
    lastFullAt: timestamp('last_full_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clubAccountId, t.resource] })],
);

/**
 * The GIT transaction log: one row per run (docs/git.md#transaction-log). `status`:
 * `queued`, `running`, `succeeded`, `failed`; `created` / `updated`: mirror rows written.
 */
export const gitTransactions = pgTable(
  'git_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    /** `refresh` (GIT → portal), `sync_invoices` (bases → accounting invoices), `report_status` (payments / credits → GIT). */
    kind: text('kind').notNull(),
    /** `manual`, `scheduled`, `initial`. */
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    counts: jsonb('counts').$type<Record<string, { created: number; updated: number }>>().notNull().default({}),
    /** Progress of a run that works through items (bases, invoices): how many, how many done, how many failed. */
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The items that failed, with their localised reason (at most 100 kept). */
    failures: jsonb('failures').$type<GitRunFailure[]>().notNull().default([]),
    /** The club account whose accounting program a sync or report run works on. */
    targetClubAccountId: uuid('target_club_account_id').references(() => clubAccounts.id, { onDelete: 'set null' }),
    ...runLifecycleColumns(),
    /** What the run was asked to do (a sync's occasions and bases, who asked, in which language). */
    input: jsonb('input').$type<object>(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('git_transactions_club_idx').on(t.clubAccountId, t.createdAt), tenantIsolation(t.organisationId)],
);
