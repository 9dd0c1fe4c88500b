import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import { type Config, IN_MEMORY, loadConfig } from '../src/config';
import { createPgliteDatabase } from '../src/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../src/db/migrate';
import { Jobs } from '../src/lib/jobs';

export interface TestApp {
  app: App;
  config: Config;
  /** Closes the app and drops its PostgreSQL database, if it made one. */
  close(): Promise<void>;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Set (e.g. by CI) to run the API suite on a real PostgreSQL server instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** A folder that never holds a web build, so API tests do not depend on `npm run build`. */
const NO_WEB_DIST = path.join(tmpdir(), 'fairway-test-no-web-dist');

/** The configuration tests start from: in-memory PGlite, quiet logs, no workers, no demo seed. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: IN_MEMORY,
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as Config['LOG_LEVEL'] | undefined) ?? 'silent',
    RUN_WORKERS: 'false',
    SEED_DEMO: 'false',
    WEB_DIST: NO_WEB_DIST,
    PORT: '3000',
  });
  return { ...config, ...overrides };
}

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

/** A fresh, uniquely named database on the TEST_DATABASE_URL server. */
export async function createTestDatabase(serverUrl = TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fw_t_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(serverUrl);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = await adminClient(serverUrl);
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
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

function templateKey(): string {
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
  return hash.digest('hex').slice(0, 16);
}

let templatePromise: Promise<Blob> | undefined;

/**
 * Creating a PGlite cluster takes seconds (initdb), loading a saved one about one. So the first
 * test process migrates an empty database (our tables and pg-boss') and saves its data folder
 * under the OS temp folder, keyed by the migrations and library versions; every test app then
 * starts from a copy of it — a fresh database each time.
 */
function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const file = path.join(tmpdir(), 'fairway-test-pglite', `${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await createPgliteDatabase(IN_MEMORY);
    try {
      await runMigrations(database);
      const jobs = new Jobs({ database, runWorkers: false, logger: pino({ level: 'silent' }) });
      await jobs.start();
      await jobs.stop();
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
  templatePromise.catch(() => {
    templatePromise = undefined;
  });
  return templatePromise;
}

/**
 * Builds the app on a fresh database: an in-memory PGlite by default, or — when
 * TEST_DATABASE_URL is set — a new database on that server, dropped on close. `overrides`
 * replace config values (e.g. `{ RUN_WORKERS: true }`, or a `DATA_DIR` folder for an on-disk
 * PGlite); `options` go to buildApp (e.g. `modules` to mount test-only routes).
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildAppOptions = {}): Promise<TestApp> {
  let config = testConfig(overrides);
  let testDb: TestDatabase | undefined;
  let database = options.database;

  // An explicit DATABASE_URL or on-disk DATA_DIR is used as given.
  if (!database && !config.DATABASE_URL && config.DATA_DIR === IN_MEMORY) {
    if (TEST_DATABASE_URL) {
      testDb = await createTestDatabase();
      config = { ...config, DATABASE_URL: testDb.url };
    } else {
      database = await createPgliteDatabase(IN_MEMORY, { loadDataDir: await pgliteTemplate() });
    }
  } else if (!database && !config.DATABASE_URL && !existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION'))) {
    // A new on-disk PGlite starts from the template as well; an existing one is reopened as is.
    database = await createPgliteDatabase(config.DATA_DIR, { loadDataDir: await pgliteTemplate() });
  }

  let app: App;
  try {
    app = await buildApp(config, { ...options, database });
  } catch (error) {
    await testDb?.drop();
    throw error;
  }
  return {
    app,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        await testDb?.drop();
      }
    },
  };
}
