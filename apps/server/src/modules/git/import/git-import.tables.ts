import type { GitImportCell } from '@fairway/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { tenantColumns } from '../../organizations/organizations.tables';
import { actorReference } from '../../users/users.tables';

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
    ...tenantColumns(),
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
    createdBy: actorReference('created_by'),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [
    index('git_imports_club_idx').on(t.clubAccountId, t.createdAt),
    index('git_imports_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
