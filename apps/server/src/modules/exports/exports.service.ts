import {
  EXPORT_FILE_DAYS,
  EXPORT_KIND_SCOPES,
  type ExportKind,
  type ExportLogEntry,
  type ExportRequest,
  formatPhone,
  type Pagination,
} from '@fairway/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { isMessageKey, type Lang, type MessageKey, t } from '../../lib/i18n';
import type { AuthContext } from '../../plugins/auth';
import { targetOf } from '../accounting/access';
import { type ExportColumn, type ExportFile, exportRows } from '../accounting/export';
import type { MirrorTarget } from '../accounting/mirror';
import { getConfiguration } from '../configurations/configurations.service';
import { logEvent, logEventQuietly } from '../eventlogs/eventlogs.service';
import { basisInvoiceExternalRef } from '../git/git-sync-ref';
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

const stamp = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** A moment as Swedish local time, `2026-03-01 14:05`. */
const localTime = (d: Date | null) => (d ? stamp.format(d) : null);

/** `19850312-1234` → `19850312-****`: the birth date stays, the identifying digits do not. */
export function maskPersonalNumber(value: string | null): string | null {
  if (!value) return null;
  return value.replace(/\d{4}$/, '****');
}

const col = <T>(lang: Lang, key: MessageKey, value: ExportColumn<T>['value'], extra: Partial<ExportColumn<T>> = {}) => ({
  header: t(key, lang),
  value,
  ...extra,
});

function invoiceState(row: repo.InvoiceExportRow, today: string): MessageKey {
  if (row.cancelled) return 'exports.invoiceState.cancelled';
  if (row.isCredit) return 'exports.invoiceState.credit';
  if (row.credited) return 'exports.invoiceState.credited';
  if (row.balanceOre === 0) return 'exports.invoiceState.paid';
  if (row.dueDate && row.dueDate < today) return 'exports.invoiceState.overdue';
  if (row.balanceOre !== row.totalOre) return 'exports.invoiceState.partlyPaid';
  return 'exports.invoiceState.unpaid';
}

const todayInSweden = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

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

async function makeMembers(db: Db, target: MirrorTarget, period: repo.Period, format: 'csv' | 'xlsx', lang: Lang): Promise<Made> {
  const rows = await repo.memberRows(db, target, period);
  const joinedFrom = period.startDate;
  const columns: ExportColumn<repo.MemberExportRow>[] = [
    col(lang, 'exports.col.golfId', (r) => r.golfId, { width: 14 }),
    col(lang, 'exports.col.memberNumber', (r) => r.memberNumber, { width: 14 }),
    col(lang, 'exports.col.firstname', (r) => r.firstname),
    col(lang, 'exports.col.lastname', (r) => r.lastname),
    col(lang, 'exports.col.personalNumber', (r) => maskPersonalNumber(r.personalNumber), { width: 20 }),
    col(lang, 'exports.col.email', (r) => r.email, { width: 28 }),
    // As the member list shows it (070-123 45 67): a leading + would be quoted against formulas.
    col(lang, 'exports.col.phone', (r) => (r.phone ? formatPhone(r.phone) : null), { width: 16 }),
    col(lang, 'exports.col.memberCategory', (r) => r.memberCategory),
    col(lang, 'exports.col.playerCategory', (r) => r.playerCategory),
    col(lang, 'exports.col.memberSince', (r) => r.memberSince, { width: 12 }),
    col(lang, 'exports.col.family', (r) => r.family),
    col(lang, 'exports.col.status', (r) => t(`exports.memberStatus.${r.status}` as MessageKey, lang), { width: 12 }),
    col(
      lang,
      'exports.col.change',
      (r) => {
        const created = localTime(r.createdAt)?.slice(0, 10) ?? '';
        const joined =
          (created >= joinedFrom && created <= period.endDate) ||
          (r.memberSince !== null && r.memberSince >= joinedFrom && r.memberSince <= period.endDate);
        return t(joined ? 'exports.change.joined' : 'exports.change.changed', lang);
      },
      { width: 14 },
    ),
    col(lang, 'exports.col.createdAt', (r) => localTime(r.createdAt), { width: 17 }),
    col(lang, 'exports.col.updatedAt', (r) => localTime(r.updatedAt), { width: 17 }),
  ];
  return write(format, t('exports.file.members', lang), columns, rows);
}

async function makeInvoices(
  db: Db,
  target: MirrorTarget,
  period: repo.Period,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<Made> {
  const rows = await repo.invoiceRows(db, target, period);
  const today = todayInSweden();
  const columns: ExportColumn<repo.InvoiceExportRow>[] = [
    col(lang, 'exports.col.invoiceNumber', (r) => r.number, { width: 14 }),
    col(lang, 'exports.col.invoiceDate', (r) => r.invoiceDate, { width: 12 }),
    col(lang, 'exports.col.dueDate', (r) => r.dueDate, { width: 12 }),
    col(lang, 'exports.col.customerNumber', (r) => r.customerNumber, { width: 14 }),
    col(lang, 'exports.col.customerName', (r) => r.customerName, { width: 28 }),
    col(lang, 'exports.col.total', (r) => r.totalOre, { money: true, width: 14 }),
    col(lang, 'exports.col.balance', (r) => r.balanceOre, { money: true, width: 14 }),
    col(lang, 'exports.col.currency', (r) => r.currency, { width: 8 }),
    col(lang, 'exports.col.invoiceState', (r) => t(invoiceState(r, today), lang), { width: 14 }),
    col(lang, 'exports.col.ocr', (r) => r.ocr, { width: 20 }),
  ];
  return write(format, t('exports.file.invoices', lang), columns, rows);
}

async function makePayments(
  db: Db,
  target: MirrorTarget,
  period: repo.Period,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<Made> {
  const rows = await repo.paymentRows(db, target, period);
  const columns: ExportColumn<repo.PaymentExportRow>[] = [
    col(lang, 'exports.col.paymentNumber', (r) => r.number, { width: 14 }),
    col(lang, 'exports.col.paymentDate', (r) => r.paymentDate, { width: 12 }),
    col(lang, 'exports.col.invoiceNumber', (r) => r.invoiceNumber, { width: 14 }),
    col(lang, 'exports.col.customerNumber', (r) => r.customerNumber, { width: 14 }),
    col(lang, 'exports.col.customerName', (r) => r.customerName, { width: 28 }),
    col(lang, 'exports.col.amount', (r) => r.amountOre, { money: true, width: 14 }),
    col(lang, 'exports.col.currency', (r) => r.currency ?? 'SEK', { width: 8 }),
    col(lang, 'exports.col.ocr', (r) => r.ocr, { width: 20 }),
  ];
  return write(format, t('exports.file.payments', lang), columns, rows);
}

async function makeGitBases(
  db: Db,
  target: MirrorTarget,
  period: repo.Period,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<Made> {
  const rows = await repo.gitBasisRows(db, target, period);
  // The GIT sync makes each basis's invoice in the club account chosen in the API configuration
  // (or this one), tagged with a reference derived from the basis: found by it in that mirror.
  const api = await getConfiguration(db, target, 'api');
  const accounting: MirrorTarget = {
    organisationId: target.organisationId,
    clubAccountId: api.club_to_sync ?? target.clubAccountId,
  };
  const refOf = (gitId: string) => basisInvoiceExternalRef(target.clubAccountId, accounting.clubAccountId, gitId);
  const made = await repo.invoicesByExternalRef(
    db,
    accounting,
    rows.map((r) => refOf(r.gitId)),
  );
  const columns: ExportColumn<repo.GitBasisExportRow>[] = [
    col(lang, 'exports.col.occasion', (r) => r.occasion, { width: 24 }),
    col(lang, 'exports.col.invoiceDate', (r) => r.invoiceDate, { width: 12 }),
    col(lang, 'exports.col.basisNumber', (r) => r.number, { width: 12 }),
    col(lang, 'exports.col.golfId', (r) => r.memberGolfId, { width: 14 }),
    col(lang, 'exports.col.memberName', (r) => r.memberName, { width: 24 }),
    col(lang, 'exports.col.payerGolfId', (r) => r.payerGolfId, { width: 14 }),
    col(lang, 'exports.col.payerName', (r) => r.payerName, { width: 24 }),
    col(lang, 'exports.col.total', (r) => r.totalOre, { money: true, width: 14 }),
    col(lang, 'exports.col.paid', (r) => r.paidOre, { money: true, width: 14 }),
    col(lang, 'exports.col.dueDate', (r) => r.dueDate, { width: 12 }),
    col(
      lang,
      'exports.col.gitStatus',
      (r) => (isMessageKey(`exports.gitStatus.${r.status}`) ? t(`exports.gitStatus.${r.status}` as MessageKey, lang) : r.status),
      { width: 14 },
    ),
    col(lang, 'exports.col.paidAt', (r) => localTime(r.paidAt), { width: 17 }),
    col(lang, 'exports.col.creditedAt', (r) => localTime(r.creditedAt), { width: 17 }),
    col(
      lang,
      'exports.col.syncState',
      (r) => t(made.has(refOf(r.gitId)) ? 'exports.syncState.synced' : 'exports.syncState.notSynced', lang),
      { width: 20 },
    ),
    col(lang, 'exports.col.accountingInvoice', (r) => made.get(refOf(r.gitId)) ?? null, { width: 14 }),
  ];
  return write(format, t('exports.file.git_bases', lang), columns, rows);
}

const MAKERS: Record<ExportKind, typeof makeMembers> = {
  members: makeMembers,
  invoices: makeInvoices,
  payments: makePayments,
  git_bases: makeGitBases,
};

const COUNTERS: Record<ExportKind, (db: Db, t: MirrorTarget, p: repo.Period) => Promise<number>> = {
  members: repo.countMembers,
  invoices: repo.countInvoices,
  payments: repo.countPayments,
  git_bases: repo.countGitBases,
};

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
    const { file, rowCount } = await MAKERS[row.kind](deps.db, target, row, row.format, lang);
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
  const rows = await COUNTERS[body.kind](app.db, target, period);
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
