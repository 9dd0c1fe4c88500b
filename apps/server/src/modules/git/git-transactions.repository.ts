import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { gitSyncCursors, gitTransactions } from './git.tables';

export type GitTransactionRow = typeof gitTransactions.$inferSelect;
export type RunCounts = Record<string, { created: number; updated: number }>;

export async function findQueuedTransaction(conn: Db | Tx, target: MirrorTarget): Promise<GitTransactionRow | null> {
  const [row] = await conn
    .select()
    .from(gitTransactions)
    .where(
      and(
        eq(gitTransactions.organisationId, target.organisationId),
        eq(gitTransactions.clubAccountId, target.clubAccountId),
        eq(gitTransactions.kind, 'refresh'),
        eq(gitTransactions.status, 'queued'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertTransaction(conn: Db | Tx, target: MirrorTarget, trigger: string): Promise<GitTransactionRow> {
  const [row] = await conn
    .insert(gitTransactions)
    .values({ ...target, kind: 'refresh', trigger, status: 'queued' })
    .returning();
  if (!row) throw new Error('git_transactions insert returned no row');
  return row;
}

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

export async function readGitCursors(conn: Db | Tx, clubAccountId: string) {
  return conn.select().from(gitSyncCursors).where(eq(gitSyncCursors.clubAccountId, clubAccountId));
}

export async function writeGitCursor(
  conn: Db | Tx,
  clubAccountId: string,
  resource: string,
  values: { modifiedSince: Date | null; lastFullAt?: Date },
): Promise<void> {
  await conn
    .insert(gitSyncCursors)
    .values({ clubAccountId, resource, ...values })
    .onConflictDoUpdate({
      target: [gitSyncCursors.clubAccountId, gitSyncCursors.resource],
      set: { ...values, updatedAt: sql`now()` },
    });
}
