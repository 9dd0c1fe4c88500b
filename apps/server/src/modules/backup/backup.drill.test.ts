import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestApp, testConfig } from '../../../test/test-app';
import { pgliteTemplate } from '../../../test/test-databases';
import { buildApp } from '../../app';
import { IN_MEMORY } from '../../config';
import { createPgDatabase, createPgliteDatabase, type Database } from '../../db/client';
import { readJournal } from '../../db/migrate';
import { DEMO_ORGANISATION, seedDemo, seedDemoPlatformAdmin, seedHelpContent, seedReferenceData } from '../../db/seed/index';
import { asSchemaOwner } from '../../db/tenant-context';
import { logEvent } from '../eventlogs/eventlogs.service';
import { BackupError, type CreatedBackup, compareCounts, createBackup, readBackup, restoreBackup } from './backup.archive';

/*
 * The restore drill (docs/backup.md): a seeded demo portal on PGlite, backed up while it keeps
 * writing, restored into fresh databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * a portal started on each, and every table compared row by row with the backup.
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

beforeAll(async () => {
  // The source is PGlite whatever TEST_DATABASE_URL says: the drill moves PGlite to both engines.
  const database = await createPgliteDatabase(IN_MEMORY, { loadDataDir: await pgliteTemplate() });
  source = await createTestApp({}, { database });
  const { app } = source;
  await seedReferenceData(app.db);
  await seedHelpContent(app.db);
  await seedDemo(app);
  await seedDemoPlatformAdmin(app.db);

  // The portal keeps writing while the backup is taken; the backup holds one moment of it.
  let writing = true;
  const organisationId = (await app.database.executeSql('select id from organisations where name = $1', [DEMO_ORGANISATION.name]))
    .rows[0]?.id as string;
  let written = 0;
  let started: () => void = () => undefined;
  const someWritten = new Promise<void>((resolve) => {
    started = resolve;
  });
  const writer = (async () => {
    while (writing && written < 400) {
      await logEvent(app.db, { organisationId, resource: 'settings', activity: `drill write ${written++}`, type: 'INFO' });
      if (written === 10) started();
    }
  })();
  await someWritten;
  backup = await createBackup(app.database);
  writing = false;
  await writer;
  writtenDuringDrill = written;
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
    // The writer went on while the backup was taken: the backup holds those rows of one moment.
    expect(backup.manifest.tables.event_logs).toBeGreaterThanOrEqual(10);
    expect(writtenDuringDrill).toBeGreaterThan(10);
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
