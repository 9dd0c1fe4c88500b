import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { migrationsFolderUpTo, readJournal, runMigrations } from '../../db/migrate';
import { asSchemaOwner } from '../../db/tenant-context';

/*
 * The portal's backup file (docs/backup.md): one logical dump that PGlite and PostgreSQL both
 * write and both restore, so a club moves from one to the other with the same two commands.
 *
 * Inside the gzip stream, one JSON value a line:
 *   ["fairway-backup", 1]                   the format and its version
 *   ["table", "<name>"]                     the rows that follow belong to this table
 *   {…}                                     one row, as PostgreSQL's to_jsonb wrote it (verbatim:
 *                                           no JavaScript number ever holds a bigint or numeric)
 *   ["sequence", "<name>", value, called]   a sequence's position
 *   ["manifest", {…}]                       the last line: time, schema version, row counts and
 *                                           the SHA-256 of every line before it
 * With a key (BACKUP_KEY) the gzip stream is sealed with AES-256-GCM:
 *   "FWBKENC1" | salt (16) | iv (12) | ciphertext | tag (16)
 */

export const BACKUP_FORMAT = 'fairway-backup';
export const BACKUP_FORMAT_VERSION = 1;
const ENCRYPTED_MAGIC = Buffer.from('FWBKENC1');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** Rows fetched, and restored, at a time. */
const BATCH_ROWS = 500;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The database it came from: the embedded PGlite or a PostgreSQL server. */
  driver: Database['driver'];
  schema: {
    /** Migrations applied (drizzle.__drizzle_migrations). */
    migrations: number;
    /** The tag of the last one (db/migrations/meta/_journal.json), when this build knows it. */
    tag: string | null;
    /** Its journal timestamp. */
    when: number;
  };
  /** Rows per table of the public schema. */
  tables: Record<string, number>;
  /** SHA-256 (hex) of every line before the manifest, each with its newline. */
  sha256: string;
  encrypted: boolean;
}

/** A backup that cannot be restored: corrupt, truncated, sealed with another key, too new. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function keyFor(secret: string, salt: Buffer): Buffer {
  return scryptSync(secret, salt, 32);
}

function seal(plain: Buffer, secret: string): Buffer {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, salt), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([ENCRYPTED_MAGIC, salt, iv, body, cipher.getAuthTag()]);
}

function unseal(file: Buffer, secret: string | undefined): Buffer {
  if (file.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)) {
    if (!secret) throw new BackupError('The backup is encrypted: set BACKUP_KEY to the key it was made with.');
    const headerLength = ENCRYPTED_MAGIC.length + 16 + 12;
    if (file.length < headerLength + 16) throw new BackupError('The backup is truncated (shorter than its header).');
    const salt = file.subarray(ENCRYPTED_MAGIC.length, ENCRYPTED_MAGIC.length + 16);
    const iv = file.subarray(ENCRYPTED_MAGIC.length + 16, headerLength);
    const tag = file.subarray(file.length - 16);
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, salt), iv);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(file.subarray(headerLength, file.length - 16)), decipher.final()]);
    } catch {
      throw new BackupError(
        'The backup cannot be decrypted: the key (BACKUP_KEY) is wrong, or the file is corrupt or truncated.',
      );
    }
  }
  if (!file.subarray(0, 2).equals(GZIP_MAGIC)) throw new BackupError('This is not a Fairway backup (unknown file header).');
  return file;
}

interface SchemaVersion {
  migrations: number;
  when: number;
}

async function schemaVersion(client: pg.PoolClient): Promise<SchemaVersion> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!exists.rows[0]?.exists) return { migrations: 0, when: 0 };
  const { rows } = await client.query(
    'select count(*)::int as n, coalesce(max(created_at), 0)::text as "when" from drizzle.__drizzle_migrations',
  );
  return { migrations: Number(rows[0]?.n ?? 0), when: Number(rows[0]?.when ?? 0) };
}

/** The tables of the public schema: ours. pg-boss' queue (schema pgboss) is rebuilt at start. */
async function publicTables(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname",
  );
  return rows.map((row) => row.name as string);
}

async function publicSequences(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by c.relname",
  );
  return rows.map((row) => row.name as string);
}

export interface CreateBackupOptions {
  /** Seals the file with AES-256-GCM (a key derived from it with scrypt). */
  key?: string;
}

export interface CreatedBackup {
  bytes: Buffer;
  manifest: BackupManifest;
}

/**
 * A consistent backup of the whole database while the portal runs: one REPEATABLE READ, READ
 * ONLY transaction sees every table as of one moment, and blocks no writer on PostgreSQL (on
 * PGlite, whose one session the portal shares, other queries wait until it is done).
 */
export async function createBackup(database: Database, options: CreateBackupOptions = {}): Promise<CreatedBackup> {
  const lines: string[] = [];
  const hash = createHash('sha256');
  const push = (line: string) => {
    const withNewline = `${line}\n`;
    hash.update(withNewline);
    lines.push(withNewline);
  };
  push(JSON.stringify([BACKUP_FORMAT, BACKUP_FORMAT_VERSION]));
  const counts: Record<string, number> = {};
  let version: SchemaVersion = { migrations: 0, when: 0 };

  const client = await asSchemaOwner(() => database.pool.connect());
  try {
    await client.query('begin isolation level repeatable read read only');
    try {
      // System work: no organisation, so row-level security shows every club's rows.
      await client.query("select set_config('fairway.organisation_id', '', true)");
      version = await schemaVersion(client);
      for (const table of await publicTables(client)) {
        push(JSON.stringify(['table', table]));
        let count = 0;
        await client.query(
          `declare backup_rows no scroll cursor for select to_jsonb(t)::text as r from public.${quoteIdent(table)} t`,
        );
        for (;;) {
          const { rows } = await client.query(`fetch ${BATCH_ROWS} from backup_rows`);
          for (const row of rows) push(row.r as string);
          count += rows.length;
          if (rows.length < BATCH_ROWS) break;
        }
        await client.query('close backup_rows');
        counts[table] = count;
      }
      for (const sequence of await publicSequences(client)) {
        const { rows } = await client.query(`select last_value::text as v, is_called as c from public.${quoteIdent(sequence)}`);
        push(JSON.stringify(['sequence', sequence, rows[0]?.v, rows[0]?.c]));
      }
    } finally {
      await client.query('rollback');
    }
  } finally {
    client.release();
  }

  const journal = readJournal();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    driver: database.driver,
    schema: {
      migrations: version.migrations,
      tag: journal.find((entry) => entry.when === version.when)?.tag ?? null,
      when: version.when,
    },
    tables: counts,
    sha256: hash.digest('hex'),
    encrypted: Boolean(options.key),
  };
  lines.push(`${JSON.stringify(['manifest', manifest])}\n`);
  const gz = gzipSync(Buffer.from(lines.join(''), 'utf8'));
  return { bytes: options.key ? seal(gz, options.key) : gz, manifest };
}

interface TableData {
  name: string;
  rows: string[];
}

export interface ReadBackup {
  manifest: BackupManifest;
  tables: TableData[];
  sequences: { name: string; value: string; called: boolean }[];
}

/** Reads and checks a whole backup (checksum, row counts, format) before anything is written. */
export function readBackup(file: Buffer, key?: string): ReadBackup {
  let text: string;
  try {
    text = gunzipSync(unseal(file, key)).toString('utf8');
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup is corrupt or truncated (${(error as Error).message}).`);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const last = lines.pop();
  let manifest: BackupManifest | undefined;
  try {
    const parsed = last ? (JSON.parse(last) as unknown) : undefined;
    if (Array.isArray(parsed) && parsed[0] === 'manifest') manifest = parsed[1] as BackupManifest;
  } catch {
    // Reported below.
  }
  if (!manifest) throw new BackupError('The backup is truncated: its manifest (the last line) is missing.');
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  if (hash.digest('hex') !== manifest.sha256)
    throw new BackupError('The backup is corrupt: its checksum does not match the manifest.');

  const header = JSON.parse(lines[0] ?? 'null') as unknown;
  if (!Array.isArray(header) || header[0] !== BACKUP_FORMAT) throw new BackupError('This is not a Fairway backup.');
  if (Number(header[1]) > BACKUP_FORMAT_VERSION)
    throw new BackupError(`The backup is in format ${header[1]}, newer than this build reads (${BACKUP_FORMAT_VERSION}).`);

  const tables: TableData[] = [];
  const sequences: ReadBackup['sequences'] = [];
  let current: TableData | undefined;
  for (const line of lines.slice(1)) {
    if (line.startsWith('{')) {
      if (!current) throw new BackupError('The backup is corrupt: a row outside any table.');
      current.rows.push(line);
      continue;
    }
    const entry = JSON.parse(line) as unknown[];
    if (entry[0] === 'table') {
      current = { name: String(entry[1]), rows: [] };
      tables.push(current);
    } else if (entry[0] === 'sequence') {
      sequences.push({ name: String(entry[1]), value: String(entry[2]), called: entry[3] === true });
    } else throw new BackupError(`The backup is corrupt: an unknown line (${String(entry[0])}).`);
  }
  for (const table of tables) {
    if (manifest.tables[table.name] !== table.rows.length)
      throw new BackupError(
        `The backup is corrupt: table ${table.name} holds ${table.rows.length} rows, the manifest says ${manifest.tables[table.name]}.`,
      );
  }
  return { manifest, tables, sequences };
}

/** Tables in an order where each comes after the tables its foreign keys point at. */
async function foreignKeyOrder(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const row of rows) parents.get(row.child as string)?.add(row.parent as string);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p) || !parents.has(p)),
    );
    // A cycle: take the rest as they come (the constraints are checked at commit if deferrable).
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t));
    for (const table of next) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

export interface RestoreOptions {
  key?: string;
  /** Told each step (the CLI prints them). */
  progress?: (message: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows per table after the restore (and any newer migrations). */
  restored: Record<string, number>;
}

async function countRows(client: pg.PoolClient, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query(`select count(*)::int as n from public.${quoteIdent(table)}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * Restores a backup into an empty database: checks the whole file first (nothing is written
 * when it is corrupt, truncated or from a newer schema), migrates the database to the backup's
 * schema, loads every table in one transaction, then applies the migrations this build has
 * beyond it.
 */
export async function restoreBackup(database: Database, file: Buffer, options: RestoreOptions = {}): Promise<RestoreResult> {
  const progress = options.progress ?? (() => undefined);
  const backup = readBackup(file, options.key);
  const { manifest } = backup;
  const journal = readJournal();
  const shipped = journal[manifest.schema.migrations - 1];
  if (manifest.schema.migrations > journal.length || (manifest.schema.migrations > 0 && shipped?.when !== manifest.schema.when))
    throw new BackupError(
      `The backup is from a newer schema (migration ${manifest.schema.tag ?? manifest.schema.migrations}) than this build knows (${journal.length} migrations): restore it with that version of Fairway or newer.`,
    );

  const client = await asSchemaOwner(() => database.pool.connect());
  try {
    const target = await schemaVersion(client);
    if (target.migrations > manifest.schema.migrations)
      throw new BackupError('The target database has a newer schema than the backup: restore into an empty database.');
    const existing = target.migrations > 0 ? await countRows(client, await publicTables(client)) : {};
    const filled = Object.entries(existing).filter(([, n]) => n > 0);
    if (filled.length > 0)
      throw new BackupError(
        `The target database is not empty (${filled.map(([t]) => t).join(', ')}): restore into an empty database.`,
      );
  } finally {
    client.release();
  }

  progress(`migrating the database to the backup's schema (${manifest.schema.migrations} migrations)`);
  const folder = migrationsFolderUpTo(manifest.schema.migrations);
  try {
    await runMigrations(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const load = await asSchemaOwner(() => database.pool.connect());
  try {
    const tables = await publicTables(load);
    const known = new Set(tables);
    const unknown = backup.tables.filter((t) => !known.has(t.name)).map((t) => t.name);
    if (unknown.length > 0) throw new BackupError(`The backup holds tables this schema lacks: ${unknown.join(', ')}.`);
    await load.query('begin');
    try {
      await load.query("select set_config('fairway.organisation_id', '', true)");
      const { rows: roles } = await load.query('select rolsuper from pg_roles where rolname = current_user');
      // A superuser skips foreign-key triggers while loading (the rows were consistent when dumped).
      if (roles[0]?.rolsuper) await load.query('set local session_replication_role = replica');
      // Migrations may have inserted rows of their own: the backup holds them as they were.
      if (tables.length > 0) await load.query(`truncate ${tables.map((t) => `public.${quoteIdent(t)}`).join(', ')}`);
      const byName = new Map(backup.tables.map((t) => [t.name, t]));
      for (const table of await foreignKeyOrder(load, tables)) {
        const data = byName.get(table);
        if (!data || data.rows.length === 0) continue;
        progress(`restoring ${table} (${data.rows.length} rows)`);
        const { rows: columns } = await load.query(
          `select a.attname as name from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
          [`public.${quoteIdent(table)}`],
        );
        const list = columns.map((c) => quoteIdent(c.name as string)).join(', ');
        const relation = `public.${quoteIdent(table)}`;
        for (let i = 0; i < data.rows.length; i += BATCH_ROWS) {
          const batch = `[${data.rows.slice(i, i + BATCH_ROWS).join(',')}]`;
          await load.query(
            `insert into ${relation} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::${relation}, $1::jsonb)`,
            [batch],
          );
        }
      }
      for (const sequence of backup.sequences) {
        await load.query('select setval($1::regclass, $2::bigint, $3)', [
          `public.${quoteIdent(sequence.name)}`,
          sequence.value,
          sequence.called,
        ]);
      }
      await load.query('commit');
    } catch (error) {
      await load.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    load.release();
  }

  if (journal.length > manifest.schema.migrations)
    progress(`applying ${journal.length - manifest.schema.migrations} newer migrations`);
  await runMigrations(database);

  const after = await asSchemaOwner(() => database.pool.connect());
  try {
    return { manifest, restored: await countRows(after, await publicTables(after)) };
  } finally {
    after.release();
  }
}

/** The manifest's row counts beside the restored ones, one table a line. */
export function compareCounts(result: RestoreResult): string {
  const names = [...new Set([...Object.keys(result.manifest.tables), ...Object.keys(result.restored)])].sort();
  const width = Math.max(5, ...names.map((n) => n.length));
  const lines = [`${'table'.padEnd(width)}  ${'backup'.padStart(8)}  ${'restored'.padStart(8)}`];
  for (const name of names) {
    const before = result.manifest.tables[name];
    const after = result.restored[name];
    // A table made by a migration newer than the backup is empty after the restore: as it should be.
    const mark = before === after || (before === undefined && after === 0) ? '' : '  ≠';
    lines.push(`${name.padEnd(width)}  ${String(before ?? '-').padStart(8)}  ${String(after ?? '-').padStart(8)}${mark}`);
  }
  return lines.join('\n');
}
