import type { ExportFormat, ExportKind, ExportStatus } from '@fairway/shared';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { runLifecycleColumns } from '../../lib/runs/run-columns';
import { organisationReference, tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/**
 * The export log (docs/exports.md#log): one row per export a user asked for,
 * with how it went. The file itself is in `export_files`, so reading the log never reads files.
 * Each row is a run of the run engine (lib/runs, kind `exports.make` in exports.runs.ts).
 */
export const exportLogs = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    kind: text('kind').$type<ExportKind>().notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The language of the column headings and values (the asker's). */
    lang: text('lang').notNull().default('sv'),
    status: text('status').$type<ExportStatus>().notNull(),
    rowCount: integer('row_count'),
    fileSize: integer('file_size'),
    fileName: text('file_name'),
    /** Why it failed: a server message key (older rows) or a reason as lib/failure.ts stores it. */
    error: text('error'),
    ...runLifecycleColumns(),
    createdBy: actorReference('created_by'),
    createdAt: createdAt(),
    /** When the file is deleted; the log row stays. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('exports_club_created_idx').on(t.clubAccountId, t.createdAt, t.id), tenantIsolation(t.organisationId)],
);

/**
 * The made file of an export, kept in the database (not DATA_DIR) so every API process behind a
 * load balancer can hand it out, and deleted with its log row or when it expires.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    exportId: uuid('export_id')
      .primaryKey()
      .references(() => exportLogs.id, { onDelete: 'cascade' }),
    organisationId: organisationReference(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('export_files_org_idx').on(t.organisationId), tenantIsolation(t.organisationId)],
);
