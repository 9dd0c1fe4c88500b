import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, type BuildAppOptions, buildApp } from '../src/app';
import { type Config, IN_MEMORY, loadConfig } from '../src/config';
import { createPgliteDatabase } from '../src/db/client';
import { createTestDatabase, pgliteTemplate, TEST_DATABASE_URL, type TestDatabase } from './test-databases';

export { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-databases';

export interface TestApp {
  app: App;
  config: Config;
  /** Closes the app and drops its PostgreSQL database, if it made one. */
  close(): Promise<void>;
}

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

/**
 * Builds the app on a fresh database, a copy of the migrated template (test-databases.ts): an
 * in-memory PGlite by default, or — when TEST_DATABASE_URL is set — a new database on that
 * server, dropped on close. `overrides` replace config values (e.g. `{ RUN_WORKERS: true }`, or a
 * `DATA_DIR` folder for an on-disk PGlite); `options` go to buildApp (e.g. `modules` to mount
 * test-only routes).
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildAppOptions = {}): Promise<TestApp> {
  let config = testConfig(overrides);
  let testDb: TestDatabase | undefined;
  let database = options.database;

  // An explicit DATABASE_URL or on-disk DATA_DIR is used as given.
  if (!database && !config.DATABASE_URL && config.DATA_DIR === IN_MEMORY) {
    if (TEST_DATABASE_URL) {
      testDb = await createTestDatabase(TEST_DATABASE_URL, { migrated: true });
      config = { ...config, DATABASE_URL: testDb.url };
    } else {
      database = await createPgliteDatabase(IN_MEMORY, {
        loadDataDir: await pgliteTemplate(),
        sharedBuffers: config.PGLITE_SHARED_BUFFERS,
      });
    }
  } else if (!database && !config.DATABASE_URL && !existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION'))) {
    // A new on-disk PGlite starts from the template as well; an existing one is reopened as is.
    database = await createPgliteDatabase(config.DATA_DIR, {
      loadDataDir: await pgliteTemplate(),
      sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    });
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
