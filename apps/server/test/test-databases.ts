import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { IN_MEMORY } from '../src/config';
import { createPgDatabase, createPgliteDatabase, type Database } from '../src/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../src/db/migrate';
import { Jobs } from '../src/lib/jobs';

/*
 * Where the tests' databases come from (docs/architecture.md#tests-and-their-databases). Every
 * test app gets a database of its own, but none of them runs the migrations itself: they are
 * copies of one migrated template, built once per migrations folder (templateKey):
 * - PGlite: the template's data folder, saved under the OS temp folder, loaded by each app;
 * - PostgreSQL (TEST_DATABASE_URL): a template database on that server, which each test file
 *   copies with `CREATE DATABASE … TEMPLATE …`.
 * test/global-setup.ts builds them before the first test file starts; a process without it (a
 * benchmark) builds them on first use.
 */

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Set (e.g. by CI) to run the API suite on a real PostgreSQL server instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    // The URL's own database may not exist yet; the maintenance database always does.
    if ((error as { code?: string }).code !== '3D000') throw error;
    const fallback = new URL(url);
    fallback.pathname = '/postgres';
    const retry = new pg.Client({ connectionString: fallback.toString() });
    await retry.connect();
    return retry;
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = await adminClient(serverUrl);
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

const require = createRequire(import.meta.url);

/** A package's version (its package.json may not be exported, so walk up from its entry). */
function packageVersion(name: string): string {
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name) return pkg.version ?? '';
  }
  return '';
}

let key: string | undefined;

/** Names a template's content: the migrations folder and the libraries that write the schema. */
export function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'pg-boss']) hash.update(`${name}@${packageVersion(name)}`);
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** Our tables and pg-boss' (which it makes on its first start), as every app start expects them. */
async function migrate(database: Database): Promise<void> {
  await runMigrations(database);
  const jobs = new Jobs({ database, runWorkers: false, logger: pino({ level: 'silent' }) });
  await jobs.start();
  await jobs.stop();
}

let pgliteTemplatePromise: Promise<Blob> | undefined;

/**
 * Creating a PGlite cluster takes seconds (initdb), loading a saved one about one. So the first
 * process migrates an empty database and saves its data folder under the OS temp folder, keyed by
 * templateKey; every PGlite test app then starts from a copy of it — a fresh database each time.
 */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplatePromise ??= (async () => {
    const file = path.join(tmpdir(), 'fairway-test-pglite', `${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await createPgliteDatabase(IN_MEMORY);
    try {
      await migrate(database);
      if (!database.dumpDataDir) throw new Error('PGlite can dump its data directory');
      const dump = await database.dumpDataDir();
      const bytes = Buffer.from(await dump.arrayBuffer());
      mkdirSync(path.dirname(file), { recursive: true });
      // Other test processes may be writing the same template: write aside, then rename.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
      // Templates of earlier migrations are 30 MB each and of no further use.
      for (const stale of readdirSync(path.dirname(file))) {
        if (stale.endsWith('.tar') && stale !== path.basename(file)) {
          rmSync(path.join(path.dirname(file), stale), { force: true });
        }
      }
      return new Blob([bytes]);
    } finally {
      await database.close();
    }
  })();
  pgliteTemplatePromise.catch(() => {
    pgliteTemplatePromise = undefined;
  });
  return pgliteTemplatePromise;
}

/** The PostgreSQL template of this migrations folder: `fw_tpl_<templateKey>`. */
export function postgresTemplateName(): string {
  return `fw_tpl_${templateKey()}`;
}

/** Templates of other migrations folders unused this long go (other checkouts may share the server). */
const STALE_TEMPLATE_MS = 7 * 24 * 60 * 60 * 1000;

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * Makes sure the server holds the migrated template of this migrations folder, and returns its
 * name. It is built under a name of its own and then renamed, so a process that finds the template
 * finds it complete; two processes building at once both succeed (the second drops its copy).
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let promise = postgresTemplates.get(serverUrl);
  if (!promise) {
    promise = buildPostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, promise);
    promise.catch(() => postgresTemplates.delete(serverUrl));
  }
  return promise;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = await adminClient(serverUrl);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) {
      // When it was last used, so that a template no checkout uses any more can go (below).
      await admin.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
      return name;
    }

    const building = `fw_tplb_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      await admin.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
      const database = await createPgDatabase(databaseUrl(serverUrl, building));
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      // Another process built the same template meanwhile.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }

    const others = await admin.query<{ datname: string; used: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS used FROM pg_database
        WHERE (datname LIKE 'fw\\_tpl\\_%' OR datname LIKE 'fw\\_tplb\\_%') AND datname <> $1`,
      [name],
    );
    for (const other of others.rows) {
      const used = Date.parse(other.used ?? '');
      if (Number.isNaN(used) || Date.now() - used > STALE_TEMPLATE_MS) {
        await admin.query(`DROP DATABASE IF EXISTS ${other.datname} WITH (FORCE)`);
      }
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, uniquely named database on the TEST_DATABASE_URL server, dropped by `drop()`. Empty by
 * default (the app migrates it, as it would a new production database); `migrated: true` copies
 * the migrated template instead, which takes a fraction of the time.
 */
export async function createTestDatabase(
  serverUrl = TEST_DATABASE_URL,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fw_t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? await postgresTemplate(serverUrl) : undefined;
  const admin = await adminClient(serverUrl);
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  let dropped = false;
  return {
    url: databaseUrl(serverUrl, name),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await dropDatabase(serverUrl, name);
    },
  };
}
