import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, IN_MEMORY } from '../../config';
import { createPgDatabase, createPgliteDatabase, type Database } from '../../db/client';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { loadConfigOrExit } from '../../lib/startup';
import { BackupError, type BackupManifest, compareCounts, createBackup, readBackup, restoreBackup } from './backup.archive';
import { BACKUP_EXTENSION, BACKUP_TOKEN_FILE, BACKUP_TOKEN_HEADER, writeFileAtomically } from './backup.service';

/*
 * `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--database-url URL | --data-dir DIR]`
 * (docs/backup.md). The database is the portal's own (DATABASE_URL, else the PGlite folder in
 * DATA_DIR). A running PGlite portal owns its folder, so its backup is asked of the portal.
 */

const USAGE = `Usage:
  npm run backup -- [--out FILE]
  npm run restore -- FILE [--database-url URL | --data-dir DIR]`;

/** Paths the operator typed are relative to where npm was started. */
function resolveFromCaller(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

function summary(manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  return `${Object.keys(manifest.tables).length} tables, ${rows} rows, schema ${manifest.schema.tag ?? manifest.schema.migrations}, made ${manifest.createdAt} on ${manifest.driver}${manifest.encrypted ? ', encrypted' : ''}`;
}

/** A backup of a running PGlite portal, asked of the portal over HTTP with its data folder's token. */
async function backupThroughPortal(config: Config): Promise<Buffer> {
  const tokenFile = path.join(config.DATA_DIR, BACKUP_TOKEN_FILE);
  if (!existsSync(tokenFile))
    throw new Error(
      `The portal that holds ${config.DATA_DIR} wrote no ${BACKUP_TOKEN_FILE}: restart it with this version of Fairway.`,
    );
  const token = readFileSync(tokenFile, 'utf8').trim();
  const url = `http://127.0.0.1:${config.PORT}/api/v1/backups/local`;
  const response = await fetch(url, { method: 'POST', headers: { [BACKUP_TOKEN_HEADER]: token } });
  if (!response.ok)
    throw new Error(`The running portal (${url}) refused the backup: HTTP ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

async function backup(config: Config, out: string | undefined): Promise<void> {
  let bytes: Buffer;
  if (config.DATABASE_URL) {
    const database = await createPgDatabase(config.DATABASE_URL);
    try {
      bytes = (await createBackup(database, { key: config.BACKUP_KEY })).bytes;
    } finally {
      await database.close();
    }
  } else {
    if (config.DATA_DIR === IN_MEMORY) throw new Error('DATA_DIR is :memory: — there is nothing on disk to back up.');
    if (!existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION')))
      throw new Error(`There is no portal database in ${config.DATA_DIR}.`);
    let database: Database | undefined;
    try {
      database = await createPgliteDatabase(config.DATA_DIR);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
    }
    if (database) {
      // The portal is stopped: the folder is ours while we read it.
      try {
        bytes = (await createBackup(database, { key: config.BACKUP_KEY })).bytes;
      } finally {
        await database.close();
      }
    } else {
      console.log(`The portal is running on ${config.DATA_DIR}: asking it for the backup.`);
      bytes = await backupThroughPortal(config);
    }
  }
  const { manifest } = readBackup(bytes, config.BACKUP_KEY);
  const file = resolveFromCaller(
    out ?? `fairway-backup-${manifest.createdAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}${BACKUP_EXTENSION}`,
  );
  writeFileAtomically(file, bytes);
  console.log(`Backup written: ${file} (${(bytes.length / 1024).toFixed(0)} kB)\n  ${summary(manifest)}`);
  if (!manifest.encrypted)
    console.log('  Not encrypted (set BACKUP_KEY to encrypt): it holds members’ personal data; keep it safe.');
  console.log(
    '  Keep beside it, apart from the file: the JWT secret (JWT_SECRET, or <DATA_DIR>/jwt-secret), without which the\n' +
      '  accounting programs’ sealed tokens cannot be opened after a restore, and BACKUP_KEY if set (docs/backup.md).',
  );
}

async function restore(config: Config, file: string, target: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  const bytes = readFileSync(resolveFromCaller(file));
  const databaseUrl = target.databaseUrl ?? (target.dataDir ? undefined : config.DATABASE_URL);
  const dataDir = target.dataDir ? resolveFromCaller(target.dataDir) : config.DATA_DIR;
  // Checked before the target is opened or changed.
  const { manifest } = readBackup(bytes, config.BACKUP_KEY);
  console.log(`Restoring ${summary(manifest)}`);
  if (!databaseUrl && dataDir === IN_MEMORY)
    throw new Error('DATA_DIR is :memory: — name a folder (--data-dir) or a PostgreSQL URL (--database-url).');
  const database = databaseUrl ? await createPgDatabase(databaseUrl) : await createPgliteDatabase(dataDir);
  try {
    const result = await restoreBackup(database, bytes, {
      key: config.BACKUP_KEY,
      progress: (message) => console.log(`  ${message}`),
    });
    console.log(`\n${compareCounts(result)}\n`);
    console.log(`Restored into ${databaseUrl ? new URL(databaseUrl).host + new URL(databaseUrl).pathname : dataDir}.`);
    console.log(
      'Start the portal with the same JWT_SECRET (or jwt-secret file) as the portal the backup came from (docs/backup.md).',
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfigOrExit();
  if (command === 'backup') return backup(config, values.out);
  const [file] = positionals;
  if (!file) {
    console.error(USAGE);
    process.exit(1);
  }
  return restore(config, file, { databaseUrl: values['database-url'], dataDir: values['data-dir'] });
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof DataDirInUseError) console.error(`Refused: ${error.message}`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
