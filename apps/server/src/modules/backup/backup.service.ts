import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IN_MEMORY } from '../../config';
import { logEvent } from '../eventlogs/eventlogs.service';
import { listPlatformAdminMemberships } from '../help/help.repository';
import { notify } from '../notifications/notifications.service';
import { type BackupManifest, createBackup } from './backup.archive';

export const BACKUP_NIGHTLY_QUEUE = 'backup.nightly';
/** The file a running PGlite portal keeps its backup token in (docs/backup.md#backing-up). */
export const BACKUP_TOKEN_FILE = 'backup-token';
/** The header `npm run backup` sends that token in. */
export const BACKUP_TOKEN_HEADER = 'x-fairway-backup-token';
const NIGHTLY_PREFIX = 'fairway-nightly-';
export const BACKUP_EXTENSION = '.fwbk';

/** e.g. `fairway-nightly-2026-11-28T02-30-00Z.fwbk`: sorts by time. */
export function nightlyFileName(now: Date): string {
  return `${NIGHTLY_PREFIX}${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}${BACKUP_EXTENSION}`;
}

/** Writes `bytes` to `file` whole or not at all (a half-written backup never carries its name). */
export function writeFileAtomically(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.partial`;
  writeFileSync(draft, bytes, { mode: 0o600 });
  renameSync(draft, file);
}

function humanSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface NightlyResult {
  file: string;
  /** Bytes written. */
  size: number;
  manifest: BackupManifest;
  /** Older nightly files deleted to keep BACKUP_KEEP. */
  deleted: string[];
}

/** One nightly backup into BACKUP_DIR, then the oldest beyond BACKUP_KEEP are deleted. */
export async function writeNightlyBackup(app: FastifyInstance, now = new Date()): Promise<NightlyResult> {
  const dir = app.config.BACKUP_DIR;
  if (!dir) throw new Error('BACKUP_DIR is not set');
  const { bytes, manifest } = await createBackup(app.database, { key: app.config.BACKUP_KEY });
  const file = path.join(dir, nightlyFileName(now));
  writeFileAtomically(file, bytes);
  const nightly = readdirSync(dir)
    .filter((name) => name.startsWith(NIGHTLY_PREFIX) && name.endsWith(BACKUP_EXTENSION))
    .sort();
  const deleted = nightly.slice(0, Math.max(0, nightly.length - app.config.BACKUP_KEEP));
  for (const name of deleted) rmSync(path.join(dir, name), { force: true });
  return { file, size: bytes.length, manifest, deleted };
}

/**
 * The nightly job: the backup, its result in the event log of the platform admins'
 * organisations, and on failure a notification to every platform admin.
 */
export async function runNightlyBackup(app: FastifyInstance, now = new Date()): Promise<NightlyResult | null> {
  let result: NightlyResult | null = null;
  let failure: Error | null = null;
  try {
    result = await writeNightlyBackup(app, now);
    app.log.info({ file: result.file, deleted: result.deleted.length }, 'nightly backup written');
  } catch (error) {
    failure = error as Error;
    app.log.error({ err: error }, 'nightly backup failed');
  }
  const admins = await listPlatformAdminMemberships(app.db);
  const organisations = new Map<string, string[]>();
  for (const admin of admins)
    organisations.set(admin.organisationId, [...(organisations.get(admin.organisationId) ?? []), admin.userId]);
  for (const [organisationId, userIds] of organisations) {
    await app.db.transaction(async (tx) => {
      if (result) {
        const rows = Object.values(result.manifest.tables).reduce((sum, n) => sum + n, 0);
        await logEvent(tx, {
          organisationId,
          resource: 'settings',
          activity: 'backup.written',
          params: { file: path.basename(result.file), rows, size: humanSize(result.size) },
          type: 'SUCCESS',
        });
      } else {
        const message = failure?.message ?? 'unknown error';
        await logEvent(tx, {
          organisationId,
          resource: 'settings',
          activity: 'backup.failed',
          params: { error: message },
          error: message,
          type: 'ERROR',
        });
        await notify(tx, {
          organisationId,
          userIds,
          subject: 'backup.failedSubject',
          message: 'backup.failed',
          params: { error: message },
        });
      }
    });
  }
  if (failure) throw failure;
  return result;
}

/**
 * A running PGlite portal owns its data folder, so `npm run backup` asks the portal for the
 * backup instead of opening the folder: it proves it may by reading this token from the folder,
 * which only the portal's operator can (mode 0600). Made anew at every start.
 */
export function writeBackupToken(app: FastifyInstance): string | null {
  if (app.database.driver !== 'pglite' || app.config.DATA_DIR === IN_MEMORY) return null;
  const token = randomBytes(32).toString('base64url');
  writeFileSync(path.join(app.config.DATA_DIR, BACKUP_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
  return token;
}
