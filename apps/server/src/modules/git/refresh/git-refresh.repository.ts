import { and, eq, notLike, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { gitInvoiceOccasions, gitSyncCursors, gitTransactions } from '../git.tables';
import type { GitTransactionRow } from '../git-transactions.repository';
import { IMPORT_GIT_ID_PREFIX } from '../import/git-import.service';

// The refresh's queries (git-refresh.service.ts): its runs in the transaction log, its cursors,
// and the occasions whose bases it reads.

/** The club account's refresh still waiting to start, if any (a new request joins it). */
export async function findQueuedRefresh(conn: Db | Tx, target: MirrorTarget): Promise<GitTransactionRow | null> {
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

export async function insertRefreshRun(conn: Db | Tx, target: MirrorTarget, trigger: string): Promise<GitTransactionRow> {
  const [row] = await conn
    .insert(gitTransactions)
    .values({ ...target, kind: 'refresh', trigger, status: 'queued' })
    .returning();
  if (!row) throw new Error('git_transactions insert returned no row');
  return row;
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

/** The occasions GIT has (not those imported from GIT's Excel export, which GIT's API does not know). */
export function occasionsInGit(conn: Db | Tx, target: MirrorTarget): Promise<{ gitId: string }[]> {
  return conn
    .select({ gitId: gitInvoiceOccasions.gitId })
    .from(gitInvoiceOccasions)
    .where(
      and(
        eq(gitInvoiceOccasions.organisationId, target.organisationId),
        eq(gitInvoiceOccasions.clubAccountId, target.clubAccountId),
        notLike(gitInvoiceOccasions.gitId, `${IMPORT_GIT_ID_PREFIX}%`),
      ),
    );
}
