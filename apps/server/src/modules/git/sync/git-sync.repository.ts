import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { underWay } from '../../../lib/runs/run-store';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { type GitRunFailure, gitTransactions } from '../git.tables';
import { type GitTransactionRow, type RunCounts, totals } from '../git-transactions.repository';
import { gitArticleMappings, gitPayerCustomers, gitSyncItems } from './git-sync.tables';

export type GitSyncItemRow = typeof gitSyncItems.$inferSelect;
export type GitSyncItemState =
  | 'pending'
  | 'customer_ready'
  | 'creating'
  | 'synced'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'paused'
  | 'credited';
type Conn = Db | Tx;

export const SYNC_RUN_KIND = 'sync_invoices';

/**
 * The GIT club account's sync run that is queued or running in a live worker, if any (a double
 * click joins it). A run whose worker stopped beating `staleSeconds` ago is not one.
 */
export async function findActiveSyncRun(
  conn: Conn,
  gitTarget: MirrorTarget,
  staleSeconds: number,
): Promise<GitTransactionRow | null> {
  const [row] = await conn
    .select()
    .from(gitTransactions)
    .where(
      and(
        eq(gitTransactions.organisationId, gitTarget.organisationId),
        eq(gitTransactions.clubAccountId, gitTarget.clubAccountId),
        eq(gitTransactions.kind, SYNC_RUN_KIND),
        underWay({ table: gitTransactions }, staleSeconds),
      ),
    )
    .orderBy(desc(gitTransactions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertSyncRun(
  conn: Conn,
  gitTarget: MirrorTarget,
  trigger: string,
  targetClubAccountId: string,
  total: number,
  input: object,
): Promise<GitTransactionRow> {
  const [row] = await conn
    .insert(gitTransactions)
    .values({ ...gitTarget, kind: SYNC_RUN_KIND, trigger, status: 'queued', targetClubAccountId, total, input })
    .returning();
  if (!row) throw new Error('git_transactions insert returned no row');
  return row;
}

export interface RunProgress {
  total: number;
  processed: number;
  failed: number;
  failures: GitRunFailure[];
  counts: RunCounts;
}

/** The run columns that show a sync's progress. */
export function progressValues(p: RunProgress) {
  return {
    total: p.total,
    processed: p.processed,
    failed: p.failed,
    failures: p.failures.slice(0, 100),
    counts: p.counts,
    ...totals(p.counts),
  };
}

// ---- items ---------------------------------------------------------------------------------

export async function itemsOf(
  conn: Conn,
  gitTarget: MirrorTarget,
  targetClubAccountId: string,
  basisGitIds: string[],
): Promise<Map<string, GitSyncItemRow>> {
  const out = new Map<string, GitSyncItemRow>();
  for (let i = 0; i < basisGitIds.length; i += 5000) {
    const rows = await conn
      .select()
      .from(gitSyncItems)
      .where(
        and(
          eq(gitSyncItems.organisationId, gitTarget.organisationId),
          eq(gitSyncItems.clubAccountId, gitTarget.clubAccountId),
          eq(gitSyncItems.targetClubAccountId, targetClubAccountId),
          inArray(gitSyncItems.basisGitId, basisGitIds.slice(i, i + 5000)),
        ),
      );
    for (const r of rows) out.set(r.basisGitId, r);
  }
  return out;
}

export type ItemChange = Partial<
  Pick<
    GitSyncItemRow,
    | 'state'
    | 'payerGolfId'
    | 'customerNumber'
    | 'invoiceNumber'
    | 'attempts'
    | 'lastError'
    | 'basisModifiedAt'
    | 'syncedAt'
    | 'sentAt'
    | 'pausedAt'
    | 'creditedAt'
    | 'runId'
  >
>;

/** Writes the item's new state (inserting it the first time); answers the stored row. */
export async function saveItem(
  conn: Conn,
  key: { organisationId: string; clubAccountId: string; targetClubAccountId: string; basisGitId: string; occasionGitId: string },
  change: ItemChange,
): Promise<GitSyncItemRow> {
  const [row] = await conn
    .insert(gitSyncItems)
    .values({ ...key, ...change })
    .onConflictDoUpdate({
      target: [gitSyncItems.clubAccountId, gitSyncItems.targetClubAccountId, gitSyncItems.basisGitId],
      set: { ...change, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('git_sync_items upsert returned no row');
  return row;
}

// ---- article mappings ------------------------------------------------------------------------

export async function mappingsOf(conn: Conn, target: MirrorTarget): Promise<Map<string, string>> {
  const rows = await conn
    .select({ code: gitArticleMappings.gitArticleCode, number: gitArticleMappings.articleNumber })
    .from(gitArticleMappings)
    .where(
      and(
        eq(gitArticleMappings.organisationId, target.organisationId),
        eq(gitArticleMappings.clubAccountId, target.clubAccountId),
      ),
    );
  return new Map(rows.map((r) => [r.code, r.number]));
}

export async function saveMappings(
  conn: Conn,
  target: MirrorTarget,
  mappings: { code: string; number: string }[],
): Promise<void> {
  if (mappings.length === 0) return;
  await conn
    .insert(gitArticleMappings)
    .values(mappings.map((m) => ({ ...target, gitArticleCode: m.code, articleNumber: m.number })))
    .onConflictDoUpdate({
      target: [gitArticleMappings.clubAccountId, gitArticleMappings.gitArticleCode],
      set: { articleNumber: sql`excluded.article_number`, updatedAt: sql`now()` },
    });
}

// ---- payer customers -------------------------------------------------------------------------

export type PayerLink = typeof gitPayerCustomers.$inferSelect;

export async function payerLinksOf(conn: Conn, target: MirrorTarget, golfIds: string[]): Promise<Map<string, PayerLink>> {
  const out = new Map<string, PayerLink>();
  for (let i = 0; i < golfIds.length; i += 5000) {
    const rows = await conn
      .select()
      .from(gitPayerCustomers)
      .where(
        and(
          eq(gitPayerCustomers.organisationId, target.organisationId),
          eq(gitPayerCustomers.clubAccountId, target.clubAccountId),
          inArray(gitPayerCustomers.payerGolfId, golfIds.slice(i, i + 5000)),
        ),
      );
    for (const r of rows) out.set(r.payerGolfId, r);
  }
  return out;
}

export async function savePayerLink(
  conn: Conn,
  target: MirrorTarget,
  payerGolfId: string,
  change: { state: 'creating' | 'ready'; customerNumber?: string | null; memberModifiedAt?: Date | null },
): Promise<PayerLink> {
  const [row] = await conn
    .insert(gitPayerCustomers)
    .values({ ...target, payerGolfId, ...change })
    .onConflictDoUpdate({
      target: [gitPayerCustomers.clubAccountId, gitPayerCustomers.payerGolfId],
      set: { ...change, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('git_payer_customers upsert returned no row');
  return row;
}
