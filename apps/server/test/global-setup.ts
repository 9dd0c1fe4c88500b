import { pgliteTemplate, postgresTemplate, TEST_DATABASE_URL } from './test-databases';

/**
 * Builds the migrated template the run's test databases are copied from (test-databases.ts) once,
 * before the first test file starts, instead of in the first files at the same time.
 */
export default async function setup() {
  // PGlite's also on PostgreSQL runs: some files test on-disk PGlite apps besides.
  await Promise.all([pgliteTemplate(), TEST_DATABASE_URL ? postgresTemplate(TEST_DATABASE_URL) : undefined]);
}
