import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askForSync, changeEveryFeature, seededDemo, unpaidBases } from '../../../test/fixtures/drill-world';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestApp, testConfig } from '../../../test/test-app';
import { pgliteTemplate } from '../../../test/test-databases';
import { buildApp } from '../../app';
import { IN_MEMORY } from '../../config';
import { createPgDatabase, createPgliteDatabase, type Database } from '../../db/client';
import { migrationsFolderUpTo, readJournal, runMigrations } from '../../db/migrate';
import { asSchemaOwner } from '../../db/tenant-context';
import { logEvent } from '../eventlogs/eventlogs.service';
import { gitSyncJobData, runGitSync } from '../git/sync/git-sync.service';
import { BackupError, type CreatedBackup, compareCounts, createBackup, readBackup, restoreBackup } from './backup.archive';

/*
 * The restore drill (docs/backup.md#the-drill): the seeded demo on PGlite, changed in every feature
 * through the API (test/fixtures/drill-world.ts), backed up in the middle of a GIT sync while it
 * keeps writing, restored into fresh databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set), a portal started on each, and every table compared row by row with the backup.
 */

let source: TestApp;
let backup: CreatedBackup;
let writtenDuringDrill = 0;
let empty: Database;

async function tableRows(database: Database): Promise<Record<string, string[]>> {
  const client = await asSchemaOwner(() => database.pool.connect());
  try {
    const { rows: tables } = await client.query(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r','p') order by 1",
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query(`select to_jsonb(t)::text as r from public."${name}" t`);
      // Compared as parsed values: PostgreSQL and PGlite may space a jsonb text alike, but need not.
      out[name] = rows.map((row) => JSON.stringify(JSON.parse(row.r as string))).sort();
    }
    return out;
  } finally {
    client.release();
  }
}

function backupRows(bytes: Buffer, key?: string): Record<string, string[]> {
  const read = readBackup(bytes, key);
  return Object.fromEntries(read.tables.map((t) => [t.name, t.rows.map((r) => JSON.stringify(JSON.parse(r))).sort()]));
}

/** Restores the backup into `database`, starts a portal on it and answers its rows. */
async function drill(database: Database, databaseUrl?: string): Promise<void> {
  const result = await restoreBackup(database, backup.bytes);
  expect(result.restored).toEqual(backup.manifest.tables);
  expect(compareCounts(result)).not.toContain('≠');
  const app = await buildApp(testConfig({ DATABASE_URL: databaseUrl }), { database });
  try {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBeLessThan(500);
    expect(await tableRows(app.database)).toEqual(backupRows(backup.bytes));
  } finally {
    await app.close();
  }
}

/** Tables the drill leaves empty, each with why (every other table must have rows in the backup). */
const EMPTY_IN_DRILL: Record<string, string> = {
  connectors: 'the Visma Administration connector: the demo has no Visma Administration club account',
  connector_work: 'the same connector’s work queue',
  blog_post_pages:
    'blog posts’ pages the server renders on a visit or a save (modules/help/blog-pages.ts): the drill has no web build',
};

/** The GIT sync the backup is taken in the middle of, and how far it had come then. */
let syncRunId = '';
let syncBases: string[] = [];
let syncFinished: string | undefined;

beforeAll(async () => {
  // The source is PGlite whatever TEST_DATABASE_URL says: the drill moves PGlite to both engines.
  const database = await createPgliteDatabase(IN_MEMORY, { loadDataDir: await pgliteTemplate() });
  source = await createTestApp({}, { database });
  const { app } = source;
  const world = await seededDemo(app);
  await changeEveryFeature(app, world);

  // A sync of six invoice bases runs; when the third basis is done, the backup is taken. The
  // portal meanwhile keeps writing, and the backup holds one moment of it.
  const { occasionId, bases } = await unpaidBases(world);
  syncBases = bases.slice(0, 6).map((b) => b.gitId as string);
  syncRunId = await askForSync(world, occasionId, bases.slice(0, 6));
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing && written < 400) {
      await logEvent(app.db, {
        organisationId: world.organisationId,
        resource: 'settings',
        activity: `drill write ${written++}`,
        type: 'INFO',
      });
    }
  })();
  let basesSeen = 0;
  await runGitSync(app, await gitSyncJobData(app, syncRunId), {
    hooks: {
      async step(step) {
        if (step !== 'item.done' || ++basesSeen !== 3) return;
        backup = await createBackup(app.database);
      },
    },
  });
  writing = false;
  await writer;
  writtenDuringDrill = written;
  syncFinished = (await app.database.executeSql('select status from git_transactions where id = $1', [syncRunId])).rows[0]
    ?.status as string;
});

afterAll(async () => {
  await empty?.close();
  await source?.close();
});

describe('backup and restore', () => {
  it('writes a manifest with the schema version and every table', () => {
    expect(backup.manifest.schema.migrations).toBe(readJournal().length);
    expect(backup.manifest.schema.tag).toBe(readJournal().at(-1)?.tag);
    expect(backup.manifest.tables.users).toBeGreaterThan(0);
    expect(writtenDuringDrill).toBeGreaterThan(0);
  });

  it('holds rows of every feature: no table is empty but those the demo cannot reach', () => {
    const empty = Object.entries(backup.manifest.tables)
      .filter(([, rows]) => rows === 0)
      .map(([name]) => name)
      .sort();
    expect(empty).toEqual(Object.keys(EMPTY_IN_DRILL).sort());
  });

  it('holds the GIT sync as it was mid-run, which went on to finish after the backup', () => {
    const rows = backupRows(backup.bytes);
    const run = rows.git_transactions?.map((r) => JSON.parse(r)).find((r) => r.id === syncRunId);
    expect(run?.status).toBe('running');
    const items = (rows.git_sync_items ?? []).map((r) => JSON.parse(r)).filter((r) => syncBases.includes(r.basis_git_id));
    const invoiced = items.filter((i) => i.invoice_number !== null).length;
    expect(invoiced).toBeGreaterThanOrEqual(2);
    expect(invoiced).toBeLessThan(syncBases.length);
    expect(syncFinished).toBe('succeeded');
  });

  it('restores PGlite into a fresh PGlite, and a portal starts on it with every row', async () => {
    await drill(await createPgliteDatabase(IN_MEMORY));
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'restores PGlite into a fresh PostgreSQL database, and a portal starts on it with every row',
    async () => {
      const target = await createTestDatabase(TEST_DATABASE_URL);
      try {
        await drill(await createPgDatabase(target.url), target.url);
      } finally {
        await target.drop();
      }
    },
  );

  it('refuses a corrupted or truncated backup with a clear message and changes nothing', async () => {
    const corrupted = Buffer.from(backup.bytes);
    corrupted[Math.floor(corrupted.length / 2)] ^= 0xff;
    const truncated = backup.bytes.subarray(0, Math.floor(backup.bytes.length * 0.7));
    empty ??= await createPgliteDatabase(IN_MEMORY);
    await expect(restoreBackup(empty, corrupted)).rejects.toThrow(/corrupt/);
    await expect(restoreBackup(empty, truncated)).rejects.toThrow(/corrupt or truncated/);
    await expect(restoreBackup(empty, Buffer.from('hello'))).rejects.toThrow(BackupError);
    const { rows } = await empty.executeSql(
      "select to_regclass('drizzle.__drizzle_migrations') as m, to_regclass('public.users') as u",
    );
    expect(rows[0]).toEqual({ m: null, u: null });
  });

  it('restores a backup made on an older schema, then applies the newer migrations', async () => {
    const all = readJournal().length;
    const older = await createPgliteDatabase(IN_MEMORY);
    const target = await createPgliteDatabase(IN_MEMORY);
    const folder = migrationsFolderUpTo(all - 3);
    try {
      await runMigrations(older, folder);
      await older.executeSql("insert into notification_signups (email, lang) values ('aldre@example.se', 'sv')", []);
      const old = await createBackup(older);
      expect(old.manifest.schema.migrations).toBe(all - 3);
      const result = await restoreBackup(target, old.bytes);
      expect(compareCounts(result)).not.toContain('≠');
      const { rows } = await target.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations', []);
      expect(rows[0]).toEqual({ n: all });
      const restored = await target.executeSql('select email from notification_signups', []);
      expect(restored.rows).toEqual([{ email: 'aldre@example.se' }]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await older.close();
      await target.close();
    }
  });

  it('refuses a backup from a newer schema', async () => {
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const lines = gunzipSync(backup.bytes).toString('utf8').trimEnd().split('\n');
    const manifest = JSON.parse(lines.pop() as string)[1];
    manifest.schema = { migrations: readJournal().length + 1, tag: '9999_future', when: Date.now() + 1e9 };
    const newer = gzipSync(`${[...lines, JSON.stringify(['manifest', manifest])].join('\n')}\n`);
    empty ??= await createPgliteDatabase(IN_MEMORY);
    await expect(restoreBackup(empty, newer)).rejects.toThrow(/newer schema/);
  });

  it('refuses to restore into a database that holds data', async () => {
    await expect(restoreBackup(source.app.database, backup.bytes)).rejects.toThrow(/not empty/);
  });

  it('seals a backup with a key and opens it only with that key', async () => {
    const sealed = await createBackup(source.app.database, { key: 'a key the operator keeps elsewhere' });
    expect(sealed.manifest.encrypted).toBe(true);
    expect(sealed.bytes.includes(Buffer.from('users'))).toBe(false);
    expect(() => readBackup(sealed.bytes)).toThrow(/encrypted/);
    expect(() => readBackup(sealed.bytes, 'another key')).toThrow(/cannot be decrypted/);
    expect(readBackup(sealed.bytes, 'a key the operator keeps elsewhere').manifest.tables).toEqual(sealed.manifest.tables);
  });
});
