import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { clubAccountReference, organisationReference } from '../../organizations/organizations.tables';
import { gitTransactions } from '../git.tables';

/**
 * The GIT → accounting sync's ledger: one row per GIT club account × target club account × GIT
 * invoice basis. Each external call is recorded before and after it is made, so a run killed at
 * any point and started again resumes where it stood and never makes a second document.
 *
 * `state`:
 * - `pending`: nothing made yet;
 * - `customer_ready`: the payer's customer exists (`customer_number`);
 * - `creating`: the invoice create was started (its answer may have been lost: a resumed item looks
 *   the invoice up by its derived reference before creating);
 * - `synced`: the invoice exists (`invoice_number`), not yet sent;
 * - `sending`: the send was started (its answer may have been lost: a resumed item reads the
 *   invoice back and sends only if the program has not);
 * - `sent`: sent by the invoice configuration's send method;
 * - `failed`: the last attempt was refused (`last_error`, a message key); the next run tries again;
 * - `paused`: unpaid N days after the due date (invoice configuration `autoPause`): left alone;
 * - `credited`: GIT credited the basis and the invoice was credited / cancelled in accounting.
 */
export const gitSyncItems = pgTable(
  'git_sync_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    /** The GIT club account (whose mirror the basis is in). */
    clubAccountId: clubAccountReference(),
    /** The club account whose accounting program has the invoice. */
    targetClubAccountId: clubAccountReference('target_club_account_id'),
    basisGitId: text('basis_git_id').notNull(),
    occasionGitId: text('occasion_git_id').notNull(),
    state: text('state').notNull().default('pending'),
    payerGolfId: text('payer_golf_id'),
    customerNumber: text('customer_number'),
    invoiceNumber: text('invoice_number'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed: a message key (encoded with its params). */
    lastError: text('last_error'),
    /** The basis's GIT `modifiedAt` the invoice was made (or last updated) from. */
    basisModifiedAt: timestamp('basis_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** The run that last worked on the item. */
    runId: uuid('run_id').references(() => gitTransactions.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('git_sync_items_basis_uq').on(t.clubAccountId, t.targetClubAccountId, t.basisGitId),
    index('git_sync_items_occasion_idx').on(t.clubAccountId, t.occasionGitId, t.state),
    index('git_sync_items_target_invoice_idx').on(t.targetClubAccountId, t.invoiceNumber),
    index('git_sync_items_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** Which accounting article (of the target club account's program) a GIT article code is invoiced as. */
export const gitArticleMappings = pgTable(
  'git_article_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    /** The target club account. */
    clubAccountId: clubAccountReference(),
    gitArticleCode: text('git_article_code').notNull(),
    articleNumber: text('article_number').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('git_article_mappings_code_uq').on(t.clubAccountId, t.gitArticleCode),
    index('git_article_mappings_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * The accounting customer the sync made (or found) for a GIT payer (golf ID) in the target club
 * account's program. `state` `creating` while the create's answer is outstanding (a resumed run
 * looks the customer up by its derived reference), `ready` with `customer_number`.
 */
export const gitPayerCustomers = pgTable(
  'git_payer_customers',
  {
    organisationId: organisationReference(),
    /** The target club account. */
    clubAccountId: clubAccountReference(),
    payerGolfId: text('payer_golf_id').notNull(),
    state: text('state').notNull(),
    customerNumber: text('customer_number'),
    /** The GIT member `modifiedAt` the customer's name and address were last written from. */
    memberModifiedAt: timestamp('member_modified_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('git_payer_customers_uq').on(t.clubAccountId, t.payerGolfId),
    index('git_payer_customers_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
