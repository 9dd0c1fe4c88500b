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
import { renderFailure } from '../../lib/failure';
import type { Lang } from '../../lib/i18n';
import type { AuthContext } from '../../plugins/auth';
import { targetOf } from '../accounting/access';
import { EXPORT_KINDS } from './exports.kinds';
import * as repo from './exports.repository';
import { exportRuns, INLINE_MAX_ROWS } from './exports.runs';

export const EXPORTS_CLEANUP_QUEUE = 'exports.cleanup';

export { INLINE_MAX_ROWS } from './exports.runs';

type Caller = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId' | 'roleId' | 'rules' | 'scopes'>;

function requireKindScope(caller: Caller, kind: ExportKind) {
  if (!caller.scopes.includes(EXPORT_KIND_SCOPES[kind])) throw new ForbiddenError();
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
    // A run waiting for another attempt keeps its last fault's reason; only a failed export shows one.
    error: row.status === 'failed' ? renderFailure(row.error, lang) : null,
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

/**
 * POST exports: writes the log row (a queued run), then makes the file at once when it is small
 * (one attempt of the run in this process, answering the finished row, 201) or queues the run
 * (answering the queued row, 202). A small export that met a passing fault, or another export of
 * the club account being made, is answered 202 too: the run engine makes it shortly.
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
  let queued = rows > INLINE_MAX_ROWS;
  if (queued) {
    // After the insert's commit: the run reads the row.
    await app.runs.enqueue(exportRuns, row.id);
  } else {
    const outcome = await app.runs.attempt(exportRuns, row.id);
    queued = outcome !== 'succeeded' && outcome !== 'failed';
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

export interface ExportDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * The hourly clean-up: files past their keeping time are deleted (the log rows stay). Exports
 * whose worker died are the run engine's to resume (its sweep), and ones that keep failing end
 * failed after their attempts.
 */
export async function cleanUpExports(deps: ExportDeps, now = new Date()): Promise<{ deleted: number }> {
  const deleted = await repo.deleteExpiredFiles(deps.db, now);
  if (deleted > 0) deps.log.info({ deleted }, 'export files cleaned up');
  return { deleted };
}
