import { EXPORT_FILE_DAYS, type ExportKind } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { encodeFailure, encodeReason } from '../../lib/failure';
import { type Lang, t } from '../../lib/i18n';
import type { RunContext, RunKind, RunResult } from '../../lib/runs/run-engine';
import { type ExportColumn, type ExportFile, exportRows } from '../accounting/mirror/export';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { EXPORT_KINDS } from './exports.kinds';
import * as repo from './exports.repository';
import { exportLogs } from './exports.tables';
import { streamedXlsx } from './xlsx-stream';

export const EXPORTS_QUEUE = 'exports.make';

/**
 * Exports of at most this many rows are made while the request waits (a second or two even as
 * XLSX) and answered with the finished log row, so the usual export downloads at once. Larger
 * ones (a 50,000-member club's member list) are made by a worker, so no request is held for the
 * half-minute an XLSX of that size takes and a restart mid-way does not lose it: the page
 * follows the log row until the file is there. Either way the export is a run of the run engine
 * (exports.runs.ts).
 */
export const INLINE_MAX_ROWS = 2000;

// ---- the files ------------------------------------------------------------------------------

interface Made {
  file: ExportFile;
  rowCount: number;
}

/**
 * The file: the accounting lists' exporter (CSV with BOM, semicolons and decimal commas; small
 * workbooks), or the streaming workbook writer for a large .xlsx.
 */
async function write<T>(format: 'csv' | 'xlsx', name: string, columns: ExportColumn<T>[], rows: T[]): Promise<Made> {
  const file =
    format === 'xlsx' && rows.length > INLINE_MAX_ROWS
      ? await streamedXlsx(name, columns, rows, `${name}.xlsx`)
      : await exportRows(format, name, columns, rows);
  return { file, rowCount: rows.length };
}

/** The file of one export: the kind's rows and columns, written as CSV or XLSX. */
async function make(db: Db, target: MirrorTarget, period: repo.Period, kind: ExportKind, format: 'csv' | 'xlsx', lang: Lang) {
  const def = EXPORT_KINDS[kind];
  const rows = await def.rows(db, target, period);
  const columns = await def.columns(lang, { db, target, period, rows });
  return write(format, t(`exports.file.${kind}`, lang), columns, rows);
}

// ---- the run --------------------------------------------------------------------------------

const periodParams = (row: Pick<repo.ExportRecord, 'startDate' | 'endDate' | 'format'>) => ({
  start: row.startDate,
  end: row.endDate,
  format: row.format.toUpperCase(),
});

/**
 * Makes the file of an export and keeps it with the log row (docs/exports.md#files). The file is
 * made whole in one attempt, so a resumed attempt (a retry, or after its worker died) makes it
 * again from the start; writing it twice is harmless (one file per export). The engine marks the
 * row succeeded once the file is kept.
 */
async function makeExport(app: FastifyInstance, run: RunContext<typeof exportLogs>): Promise<RunResult> {
  const row = await repo.findExportById(app.db, run.id);
  if (!row) throw new Error(`exports ${run.id} is gone`);
  const target: MirrorTarget = { organisationId: row.organisationId, clubAccountId: row.clubAccountId };
  const lang: Lang = row.lang === 'en' ? 'en' : 'sv';
  const { file, rowCount } = await make(app.db, target, row, row.kind, row.format, lang);
  run.throwIfTakenOver();
  await app.db.transaction((tx) =>
    repo.keepFile(tx, row, {
      fileName: `${t(`exports.file.${row.kind}`, lang)}-${row.startDate}-${row.endDate}.${row.format}`,
      contentType: file.contentType,
      content: file.body,
      rowCount,
      expiresAt: new Date(Date.now() + EXPORT_FILE_DAYS * 24 * 60 * 60 * 1000),
    }),
  );
  return {
    event: { activity: `exports.event.succeeded.${row.kind}`, params: { ...periodParams(row), rows: rowCount }, type: 'SUCCESS' },
  };
}

/** Exports as runs of the run engine (lib/runs). */
export const exportRuns: RunKind<typeof exportLogs> = {
  name: 'exports.make',
  queue: EXPORTS_QUEUE,
  store: { table: exportLogs },
  maxAttempts: 4,
  queueOptions: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 30 * 60 },
  eventResource: 'exports',
  events: { retrying: 'runs.export.retrying', resumed: 'runs.export.resumed', failed: 'exports.event.failed' },
  async eventParams(app, run) {
    const row = await repo.findExportById(app.db, run.id);
    return row ? periodParams(row) : {};
  },
  execute: makeExport,
  // Our own refusals are final; a fault of the database (or a bug) may pass.
  retryable: (error) => !(error instanceof AppError),
  // A reason the club can read; the fault's own words (SQL, stack) go to the server log only.
  reasonOf: (_app, error) => (error instanceof AppError ? encodeFailure(error) : encodeReason('exports.failedUnexpectedly')),
};

/** One attempt at an export run, in this process (tests; the POST's small exports go through `createExport`). */
export function runExportRun(app: FastifyInstance, exportId: string) {
  return app.runs.attempt(exportRuns, exportId);
}
