import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gitTransactions } from './git.tables';

// The GIT transaction log (`git_transactions`): every refresh, sync, report and import is a row.

export type GitTransactionRow = typeof gitTransactions.$inferSelect;
export type RunCounts = Record<string, { created: number; updated: number }>;

export async function getTransaction(conn: Db | Tx, id: string): Promise<GitTransactionRow | null> {
  const [row] = await conn.select().from(gitTransactions).where(eq(gitTransactions.id, id));
  return row ?? null;
}

/** Mirror rows a run wrote, summed over its resources. */
export function totals(counts: RunCounts) {
  let created = 0;
  let updated = 0;
  for (const c of Object.values(counts)) {
    created += c.created;
    updated += c.updated;
  }
  return { created, updated };
}
