import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database, Db } from './client';
import { asSchemaOwner } from './tenant-context';

/** drizzle-kit's output folder (drizzle.config.ts `out`). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant shared by every process of one deployment: they queue on it to migrate. */
const MIGRATION_LOCK_KEY = 7_301_944_201;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const file = path.join(folder, 'meta', '_journal.json');
  if (!existsSync(file)) return [];
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries?: JournalEntry[] };
  return journal.entries ?? [];
}

/**
 * Applies the pending drizzle-kit migrations. On PostgreSQL several processes may start at
 * once, so they take turns under an advisory lock (PGlite has a single session; the lock costs
 * nothing there).
 */
export async function runMigrations(database: Database, folder = MIGRATIONS_FOLDER): Promise<void> {
  if (readJournal(folder).length === 0) return;
  // A restart on a current database (the usual case) reads two rows instead of every migration
  // file: the lock and the migrator only run when one is missing (docs/operations.md#start).
  const status = await asSchemaOwner(() => migrationStatus(database.db, folder));
  if (status.current) return;
  const client = await asSchemaOwner(() => database.pool.connect());
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export interface MigrationStatus {
  /** Migrations recorded in `drizzle.__drizzle_migrations`. */
  applied: number;
  /** Migrations in the journal this build ships. */
  expected: number;
  /** Every shipped migration is applied (Drizzle applies by timestamp, so compare those too). */
  current: boolean;
}

export async function migrationStatus(db: Db, folder = MIGRATIONS_FOLDER): Promise<MigrationStatus> {
  const journal = readJournal(folder);
  const expected = journal.length;
  const latestShipped = journal.reduce((max, entry) => Math.max(max, entry.when), 0);

  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  )) as unknown as {
    rows: { exists: boolean }[];
  };
  if (!exists.rows[0]?.exists) return { applied: 0, expected, current: expected === 0 };

  const result = (await db.execute(
    sql`select count(*)::int as "applied", coalesce(max(created_at), 0)::text as "latest" from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number; latest: string }[] };
  const applied = Number(result.rows[0]?.applied ?? 0);
  const latestApplied = Number(result.rows[0]?.latest ?? 0);
  return { applied, expected, current: applied >= expected && latestApplied >= latestShipped };
}

/**
 * A copy of the migrations folder up to and including the `count`th migration (an older schema,
 * e.g. the one a backup was made on), in a temporary folder the caller removes.
 */
export function migrationsFolderUpTo(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fairway-restore-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
