import {
  EXPORT_FILE_DAYS,
  EXPORT_KIND_SCOPES,
  type ExportKind,
  type ExportLogEntry,
  type ExportRequest,
  type Pagination,
} from '@fairway/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { isMessageKey, type Lang, t } from '../../lib/i18n';
import type { AuthContext } from '../../plugins/auth';
import { targetOf } from '../accounting/access';
import { type ExportColumn, type ExportFile, exportRows } from '../accounting/mirror/export';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { logEvent, logEventQuietly } from '../eventlogs/eventlogs.service';
import { EXPORT_KINDS } from './exports.kinds';
import * as repo from './exports.repository';
import { streamedXlsx } from './xlsx-stream';

export const EXPORTS_QUEUE = 'exports.make';
export const EXPORTS_CLEANUP_QUEUE = 'exports.cleanup';

/**
 * Exports of at most this many rows are made while the request waits (a second or two even as
 * XLSX) and answered with the finished log row, so the usual export downloads at once. Larger
 * ones (a 50,000-member club's member list) are made by a job, so no request is held for the
 * half-minute an XLSX of that size takes and a restart mid-way does not lose it: the page
 * follows the log row until the file is there.
 */
export const INLINE_MAX_ROWS = 2000;

export interface ExportJob {
  exportId: string;
}

type Caller = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId' | 'roleId' | 'rules' | 'scopes'>;

function requireKindScope(caller: Caller, kind: ExportKind) {
  if (!caller.scopes.includes(EXPORT_KIND_SCOPES[kind])) throw new ForbiddenError();
}

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

// ---- the log ------------------------------------------------------------------------------------

export function toEntry(row: repo.ExportListRecord, lang: Lang, now = new Date()): ExportLogEntry {
  const expired = row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    rowCount: row.rowCount,
    fileSize: row.fileSize,
    fileName: row.fileName,
    fileAvailable: row.status === 'succeeded' && row.hasFile && !expired,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    error: row.error ? (isMessageKey(row.error) ? t(row.error, lang, { days: EXPORT_FILE_DAYS }) : row.error) : null,
    createdBy: row.creatorName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function getExportLog(
  app: FastifyInstance,
  caller: Caller,
  query: { page: number; pageSize: number },
  lang: Lang,
): Promise<{ data: ExportLogEntry[]; pagination: Pagination }> {
  const { rows, total } = await repo.listExports(app.db, targetOf(caller), query);
  return { data: rows.map((r) => toEntry(r, lang)), pagination: { ...query, total } };
}

export async function getExport(app: FastifyInstance, caller: Caller, id: string, lang: Lang): Promise<ExportLogEntry> {
  const row = await repo.findExportWithCreator(app.db, targetOf(caller), id);
  if (!row) throw new NotFoundError('exports.notFound');
  return toEntry(row, lang);
}

// ---- making an export ---------------------------------------------------------------------------

export interface ExportDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Makes the file of export `exportId`, keeps it and logs it. Idempotent: an export already made
 * (or failed) is left as it is. `lastAttempt`: a fault marks the export failed (and is logged)
 * instead of being thrown for the job's retry.
 */
export async function runExport(deps: ExportDeps, exportId: string, options: { lastAttempt: boolean }): Promise<void> {
  const row = await repo.findExportById(deps.db, exportId);
  if (!row) return;
  if (!(await repo.markRunning(deps.db, exportId))) return;
  const target: MirrorTarget = { organisationId: row.organisationId, clubAccountId: row.clubAccountId };
  const lang: Lang = row.lang === 'en' ? 'en' : 'sv';
  const params = { start: row.startDate, end: row.endDate, format: row.format.toUpperCase() };
  try {
    const { file, rowCount } = await make(deps.db, target, row, row.kind, row.format, lang);
    const base = `${t(`exports.file.${row.kind}`, lang)}-${row.startDate}-${row.endDate}.${row.format}`;
    await deps.db.transaction(async (tx) => {
      await repo.markSucceeded(tx, row, {
        fileName: base,
        contentType: file.contentType,
        content: file.body,
        rowCount,
        expiresAt: new Date(Date.now() + EXPORT_FILE_DAYS * 24 * 60 * 60 * 1000),
      });
      await logEvent(tx, {
        organisationId: target.organisationId,
        clubAccountId: target.clubAccountId,
        resource: 'exports',
        activity: `exports.event.succeeded.${row.kind}`,
        params: { ...params, rows: rowCount },
        type: 'SUCCESS',
      });
    });
  } catch (error) {
    deps.log.error({ err: error, exportId }, 'export failed');
    if (!options.lastAttempt) throw error;
    await repo.markFailed(deps.db, exportId, 'exports.failedUnexpectedly');
    await logEventQuietly(deps.db, deps.log, {
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      resource: 'exports',
      activity: 'exports.event.failed',
      params,
      // The fault's own words (SQL, stack) stay in the server log: the event log is for the club.
      error: null,
      type: 'ERROR',
    });
  }
}

/**
 * POST exports: writes the log row, then makes the file at once when it is small (answering the
 * finished row, 201) or queues a job for it (answering the queued row, 202).
 */
export async function createExport(
  app: FastifyInstance,
  caller: Caller,
  body: ExportRequest,
  lang: Lang,
): Promise<{ entry: ExportLogEntry; queued: boolean }> {
  const target = targetOf(caller);
  requireKindScope(caller, body.kind);
  const period = { startDate: body.startDate, endDate: body.endDate };
  const rows = await EXPORT_KINDS[body.kind].count(app.db, target, period);
  const row = await repo.insertExport(app.db, target, {
    kind: body.kind,
    format: body.format,
    ...period,
    lang,
    createdBy: caller.userId,
  });
  const queued = rows > INLINE_MAX_ROWS;
  if (queued) {
    // After the insert's commit: the job reads the row.
    const job: ExportJob = { exportId: row.id };
    await app.jobs.send(EXPORTS_QUEUE, job, { singletonKey: `exports:${row.id}` });
  } else {
    // A fault here is final for this request: the row says failed and the user can try again.
    await runExport({ db: app.db, log: app.log }, row.id, { lastAttempt: true });
  }
  return { entry: await getExport(app, caller, row.id, lang), queued };
}

/** GET exports/{id}/file: the kept file, for the same club account and a caller who may read its kind. */
export async function getExportFile(
  app: FastifyInstance,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const target = targetOf(caller);
  const row = await repo.findExport(app.db, target, id);
  if (!row) throw new NotFoundError('exports.notFound');
  requireKindScope(caller, row.kind);
  if (row.status === 'queued' || row.status === 'running') throw new ConflictError('exports.fileNotReady');
  if (row.status === 'failed') throw new ConflictError('exports.fileFailed');
  const file = row.expiresAt && row.expiresAt > new Date() ? await repo.readFile(app.db, target, id) : undefined;
  if (!file || !row.fileName) throw new NotFoundError('exports.fileExpired', { days: EXPORT_FILE_DAYS });
  return { fileName: row.fileName, contentType: file.contentType, content: file.content };
}

/** An export not made within this long never will be: its job has run out of attempts (30 min each). */
export const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

/**
 * The hourly clean-up: files past their keeping time are deleted (the log rows stay), and exports
 * stuck queued or running (a job out of attempts, a process that died mid-export) are marked
 * failed and logged, so nobody waits for them.
 */
export async function cleanUpExports(deps: ExportDeps, now = new Date()): Promise<{ deleted: number; failed: number }> {
  const deleted = await repo.deleteExpiredFiles(deps.db, now);
  const stale = await repo.failStale(deps.db, new Date(now.getTime() - STALE_AFTER_MS), 'exports.failedUnexpectedly');
  for (const row of stale) {
    await logEventQuietly(deps.db, deps.log, {
      organisationId: row.organisationId,
      clubAccountId: row.clubAccountId,
      resource: 'exports',
      activity: 'exports.event.failed',
      params: { start: row.startDate, end: row.endDate, format: row.format.toUpperCase() },
      error: null,
      type: 'ERROR',
    });
  }
  if (deleted > 0 || stale.length > 0) deps.log.info({ deleted, failed: stale.length }, 'exports cleaned up');
  return { deleted, failed: stale.length };
}
