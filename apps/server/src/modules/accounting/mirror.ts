import { and, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';

/** The club account a mirror row belongs to. */
export interface MirrorTarget {
  organisationId: string;
  clubAccountId: string;
}

type MirrorTable = PgTable & {
  clubAccountId: PgColumn;
  number: PgColumn;
  syncedAt: PgColumn;
};

/**
 * Upserts documents read from the accounting program into a mirror table keyed by
 * (club account, number). Only `columns` are overwritten on conflict: what the portal alone
 * knows (who created it, tags, scheduled cancellations) survives every refresh.
 */
export async function upsertMirror<T extends MirrorTable>(
  conn: Db | Tx,
  table: T,
  rows: T['$inferInsert'][],
  columns: readonly (keyof T['$inferSelect'] & string)[],
  /** Columns written with their own expression on conflict (e.g. `data`, see `mergedData`). */
  expressions: Partial<Record<keyof T['$inferSelect'] & string, SQL>> = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = { syncedAt: sql`now()` };
  for (const key of columns) {
    const column = all[key];
    if (!column) throw new Error(`unknown mirror column ${key}`);
    set[key] = (expressions as Record<string, SQL | undefined>)[key] ?? sql.raw(`excluded."${column.name}"`);
  }
  // Chunks keep each statement well below PostgreSQL's 65535 parameters.
  let written = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    // Drizzle's insert types do not follow a generic table, hence the cast.
    await (conn.insert(table) as any).values(chunk).onConflictDoUpdate({ target: [table.clubAccountId, table.number], set });
    written += chunk.length;
  }
  return written;
}

/** After a full read: rows the program no longer has (not touched since `since`) are removed. */
export async function pruneMirror<T extends MirrorTable>(
  conn: Db | Tx,
  table: T,
  target: MirrorTarget,
  since: Date,
): Promise<number> {
  const removed = await conn
    .delete(table)
    .where(and(eq(table.clubAccountId, target.clubAccountId), lt(table.syncedAt, since)))
    .returning({ number: table.number });
  return removed.length;
}

/** Provider timestamps as Dates (null stays null; an unparsable one is treated as unknown). */
export function timestampOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * How `data` is refreshed from a program's list answer. Lists are summaries (Fortnox leaves many
 * fields and all rows out), so a summary must not wipe what a full read stored: fields the new
 * answer leaves empty keep their stored value, and a document's rows and payments are kept while
 * its total is unchanged (a changed total means the rows changed; the next full read fills them).
 * A full read (`get`, after a write) always carries everything, so it simply wins where it has values.
 */
export function mergedData(tableName: string, keepWhileTotal?: { total: string; arrays: readonly string[] }): SQL {
  const merged = `coalesce("${tableName}"."data", '{}'::jsonb) || jsonb_strip_nulls(excluded."data")`;
  if (!keepWhileTotal) return sql.raw(merged);
  const sameTotal = `"${tableName}"."${keepWhileTotal.total}" = excluded."${keepWhileTotal.total}"`;
  const kept = keepWhileTotal.arrays.map(
    (key) =>
      `'${key}', case when jsonb_array_length(coalesce(excluded."data"->'${key}', '[]'::jsonb)) = 0 and ${sameTotal} ` +
      `then coalesce("${tableName}"."data"->'${key}', '[]'::jsonb) else excluded."data"->'${key}' end`,
  );
  return sql.raw(`(${merged}) || jsonb_build_object(${kept.join(', ')})`);
}
