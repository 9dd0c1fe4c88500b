import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../users/users.repository';

export { likePattern };

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
