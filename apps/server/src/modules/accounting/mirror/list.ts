import { asc, count, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a mirror list and the total, sorted by the chosen column then by `tiebreak` (the
 * document number), so paging is stable when many rows share a value.
 */
export async function pageOf<T extends PgTable, R>(
  conn: Db | Tx,
  table: T,
  select: Record<string, PgColumn | SQL>,
  where: SQL | undefined,
  order: { column: PgColumn | SQL; direction: 'asc' | 'desc'; tiebreak: PgColumn },
  page: PageRequest,
): Promise<{ rows: R[]; total: number }> {
  const dir = order.direction === 'desc' ? desc : asc;
  const [rows, [totalRow]] = await Promise.all([
    conn
      .select(select)
      .from(table as PgTable)
      .where(where)
      .orderBy(dir(order.column), dir(order.tiebreak))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    conn
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as R[], total: totalRow?.n ?? 0 };
}

/** A list's order: its sort columns, most significant first, ending with a unique one. */
export interface PageOrder {
  columns: readonly PgColumn[];
  direction: 'asc' | 'desc';
}

/** The ORDER BY of an order (plain ASC/DESC, so ascending indexes serve both directions). */
export function orderByOf(order: PageOrder): SQL[] {
  const dir = order.direction === 'desc' ? desc : asc;
  return order.columns.map((c) => dir(c));
}

export interface DeferredPageOptions {
  /**
   * Match first, then sort: for a selective filter served by an index of its own (a search's
   * terms, db/word-search.ts). Given ORDER BY … LIMIT the planner would rather walk the sort index and test every
   * row until a page matched; a name clusters in name order, so a common surname read almost the
   * whole table. `OFFSET 0` keeps the matches' subquery from being merged into the sorted one
   * (written in SQL: Drizzle leaves out an offset of 0).
   */
  fenced?: boolean;
}

/**
 * A deferred page: the condition "`key` is one of this page's keys". The page's keys are found
 * first, from `table` alone and in `order` (`where` may leave out what an index cannot answer,
 * e.g. the organisation beside the club account), and only then does the caller read (and join)
 * their rows with this condition, the full scope and the same order: a deep page skips thousands
 * of entries of the sort index instead of reading and joining each row (invoices page 200 of
 * 100,000: 2–12 ms instead of 8–33 ms on PGlite).
 */
export function deferredPage(
  conn: Db | Tx,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  order: PageOrder,
  page: PageRequest,
  options: DeferredPageOptions = {},
): SQL {
  const limit = page.pageSize;
  const offset = (page.page - 1) * page.pageSize;
  if (!options.fenced) {
    const keys = conn
      .select({ [key.name]: key })
      .from(table)
      .where(where)
      .orderBy(...orderByOf(order))
      .limit(limit)
      .offset(offset);
    return inArray(key, keys);
  }
  const selected = new Map<string, PgColumn>([[key.name, key]]);
  for (const c of order.columns) selected.set(c.name, c);
  const matches = conn.select(Object.fromEntries(selected)).from(table).where(where);
  const m = sql.identifier('matches');
  const dir = order.direction === 'desc' ? sql`desc` : sql`asc`;
  const by = sql.join(
    order.columns.map((c) => sql`${m}.${sql.identifier(c.name)} ${dir}`),
    sql`, `,
  );
  return sql`${key} in (select ${m}.${sql.identifier(key.name)} from (${matches} offset 0) as ${m} order by ${by} limit ${limit} offset ${offset})`;
}
