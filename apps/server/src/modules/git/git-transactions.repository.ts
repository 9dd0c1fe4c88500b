import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { MirrorTarget } from '../accounting/mirror';
import { gitSyncCursors, gitTransactions } from './git.schema';

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

/**
 * Starts a queued run unless another run of the same club account is running (and not stale):
 * one refresh per club account at a time, however many workers take jobs.
 */
export async function startTransaction(conn: Db, id: string, staleAfterMinutes: number): Promise<GitTransactionRow | null> {
  return conn.transaction(async (tx) => {
    const [run] = await tx.select().from(gitTransactions).where(eq(gitTransactions.id, id)).for('update');
    if (!run || (run.status !== 'queued' && run.status !== 'running')) return null;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`git-sync:${run.clubAccountId}`}, 0))`);
    const [other] = await tx
      .select({ id: gitTransactions.id })
      .from(gitTransactions)
      .where(
        and(
          eq(gitTransactions.clubAccountId, run.clubAccountId),
          eq(gitTransactions.status, 'running'),
          sql`${gitTransactions.id} <> ${run.id}`,
          sql`${gitTransactions.startedAt} > now() - ${`${staleAfterMinutes} minutes`}::interval`,
        ),
      )
      .limit(1);
    if (other) return null;
    const [started] = await tx
      .update(gitTransactions)
      .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()`, error: null })
      .where(eq(gitTransactions.id, run.id))
      .returning();
    return started ?? null;
  });
}

function totals(counts: RunCounts) {
  let created = 0;
  let updated = 0;
  for (const c of Object.values(counts)) {
    created += c.created;
    updated += c.updated;
  }
  return { created, updated };
}

export async function updateTransactionCounts(conn: Db | Tx, id: string, counts: RunCounts): Promise<void> {
  await conn
    .update(gitTransactions)
    .set({ counts, ...totals(counts) })
    .where(eq(gitTransactions.id, id));
}

export async function finishTransaction(
  conn: Db | Tx,
  id: string,
  status: 'succeeded' | 'failed' | 'queued',
  counts: RunCounts,
  error: string | null,
): Promise<void> {
  await conn
    .update(gitTransactions)
    .set({ status, error, counts, ...totals(counts), finishedAt: status === 'queued' ? null : sql`now()` })
    .where(eq(gitTransactions.id, id));
}

export async function latestTransactions(conn: Db | Tx, target: MirrorTarget, limit: number): Promise<GitTransactionRow[]> {
  return conn
    .select()
    .from(gitTransactions)
    .where(
      and(eq(gitTransactions.organisationId, target.organisationId), eq(gitTransactions.clubAccountId, target.clubAccountId)),
    )
    .orderBy(desc(gitTransactions.createdAt))
    .limit(limit);
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
