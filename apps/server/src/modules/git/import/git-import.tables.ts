import type { GitImportCell } from '@fairway/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../../db/row-level-security';
import { clubAccounts, organisations } from '../../organizations/organizations.tables';
import { users } from '../../users/users.tables';

export interface GitImportSheetRow {
  /** The row number as Excel shows it. */
  row: number;
  cells: GitImportCell[];
}

/**
 * An uploaded Excel export of a GIT invoice batch (GIT-EXCEL-EXPORT.md): the parsed sheet is kept
 * here between the upload, the preview and the commit. `status`: `uploaded`, then `committed`
 * with the invoice occasion it became (`occasion_id`); a commit of a committed import answers that
 * occasion again.
 */
export const gitImports = pgTable(
  'git_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id')
      .notNull()
      .references(() => clubAccounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    sheetNames: jsonb('sheet_names').$type<string[]>().notNull(),
    sheetName: text('sheet_name').notNull(),
    headerRow: integer('header_row').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<GitImportSheetRow[]>().notNull(),
    status: text('status').notNull().default('uploaded'),
    /** The invoice occasion (git_invoice_occasions.id) the import became. */
    occasionId: uuid('occasion_id'),
    /** What the commit did, answered again by a repeated commit. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [
    index('git_imports_club_idx').on(t.clubAccountId, t.createdAt),
    index('git_imports_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
