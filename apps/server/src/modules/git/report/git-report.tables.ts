import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { clubAccountReference, organisationReference } from '../../organizations/organizations.tables';
import { gitTransactions } from '../git.tables';

/**
 * What the report-back told GIT (or is about to): one row per GIT call, keyed by the reference
 * the call carries. The row is written (`pending`) before GIT is called and marked `done` after
 * GIT answered, so a run killed between the two sends the very same call again (same reference,
 * amount and moment, which GIT treats as a repeat), and a reported payment or credit is never
 * reported a second time, whatever GIT's own idempotency does.
 *
 * `kind`: `paid` (the accounting invoice is fully paid: GIT mark-paid with what is left),
 * `partially_paid` (a part payment, with the amount paid up to `reference`), `credited` (a credit
 * note exists: GIT credit). `state`: `pending`, `done`, `failed` (GIT refused; `error` holds the
 * message key; the next run tries again).
 */
export const gitStatusReports = pgTable(
  'git_status_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    /** The GIT club account (whose GIT the basis is in). */
    clubAccountId: clubAccountReference(),
    /** The club account whose accounting program has the invoice. */
    targetClubAccountId: clubAccountReference('target_club_account_id'),
    basisGitId: text('basis_git_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    kind: text('kind').notNull(),
    /** The reference GIT gets (payments: idempotency key at GIT as well). */
    reference: text('reference').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull().default(0),
    /** The payment's or credit's moment as sent to GIT. */
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('pending'),
    error: text('error'),
    runId: uuid('run_id').references(() => gitTransactions.id, { onDelete: 'set null' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('git_status_reports_reference_uq').on(t.clubAccountId, t.basisGitId, t.reference),
    index('git_status_reports_target_idx').on(t.targetClubAccountId, t.invoiceNumber),
    index('git_status_reports_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * What a `report_status` run was asked to do (the run itself is a `git_transactions` row): which
 * reports (`paid`, `credited` or both), the chosen bases (null: every eligible one), and the
 * language its failure texts are written in. A second identical request while the run is still
 * queued joins it.
 */
export const gitReportRuns = pgTable('git_report_runs', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => gitTransactions.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<string[]>().notNull(),
  /** Mirror ids of git_invoice_bases, sorted; null = every eligible basis. */
  basisIds: jsonb('basis_ids').$type<string[] | null>(),
  lang: text('lang').notNull().default('sv'),
  createdAt: createdAt(),
});
