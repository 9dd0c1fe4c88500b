import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from './client';
import { asSchemaOwner } from './tenant-context';

/**
 * Embedded PGlite is single-user PostgreSQL: no autovacuum. Without it nothing gathers the
 * planner's statistics (a 100k-invoice mirror was planned from default guesses, and the invoice
 * list took seconds instead of milliseconds), the rows an upsert replaced are never reclaimed, and
 * no page is marked all-visible, so even a query an index alone could answer reads every row it
 * skips (page 200 of a list: 5,000 row reads; every search term, db/word-search.ts). After a job
 * wrote this many rows into a table, it vacuums and analyzes the table, as autovacuum would. That
 * holds PGlite for a moment (seconds for 100k rows), which is why it waits for large writes.
 * PostgreSQL's autovacuum does it there.
 */
export const ANALYZE_AFTER_ROWS = 200;

/**
 * VACUUM (ANALYZE) of one table; outside any transaction (VACUUM cannot run inside one). Only the
 * table's owner may vacuum it (the application role would be skipped with a mere warning), and
 * it reads no tenant's rows, so it runs as the schema owner.
 */
export async function vacuumAnalyzeTable(conn: Db, table: PgTable): Promise<void> {
  await asSchemaOwner(() => conn.execute(sql`vacuum (analyze) ${sql.identifier(getTableName(table))}`));
}

/** On PGlite, vacuums and analyzes `tables` when `written` rows reached ANALYZE_AFTER_ROWS. */
export async function vacuumIfNoAutovacuum(
  deps: { database: Pick<Database, 'driver'>; db: Db },
  written: number,
  tables: readonly PgTable[],
): Promise<void> {
  if (deps.database.driver !== 'pglite' || written < ANALYZE_AFTER_ROWS) return;
  for (const table of tables) await vacuumAnalyzeTable(deps.db, table);
}
