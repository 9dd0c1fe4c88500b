import type { GitReportKind } from '@fairway/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { inChunks } from '../../../lib/sql';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { gitInvoiceBases, gitTransactions } from '../git.tables';
import { gitSyncItems } from '../sync/git-sync.tables';
import { gitReportRuns, gitStatusReports } from './git-report.tables';

// The report-back's queries (git-report.service.ts): the bases and invoices it reads, its runs and
// its ledger `git_status_reports`. Each takes the club account(s) first.

type Conn = Db | Tx;
const ofGitClub = (gitTarget: MirrorTarget) =>
  and(eq(gitInvoiceBases.organisationId, gitTarget.organisationId), eq(gitInvoiceBases.clubAccountId, gitTarget.clubAccountId));

/** How many of the mirror ids are bases of the GIT club account. */
export async function countBases(conn: Conn, gitTarget: MirrorTarget, basisIds: readonly string[]): Promise<number> {
  const counts = await inChunks(basisIds, (chunk) =>
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(gitInvoiceBases)
      .where(and(ofGitClub(gitTarget), inArray(gitInvoiceBases.id, chunk))),
  );
  return counts.reduce((sum, row) => sum + (row.n ?? 0), 0);
}

export type ReportRequest = typeof gitReportRuns.$inferSelect;
export type GitTransactionRow = typeof gitTransactions.$inferSelect;

/** The GIT club account's report runs still queued, with what each was asked. */
export function queuedReportRuns(conn: Conn, gitTarget: MirrorTarget) {
  return conn
    .select({ run: gitTransactions, request: gitReportRuns })
    .from(gitTransactions)
    .innerJoin(gitReportRuns, eq(gitReportRuns.runId, gitTransactions.id))
    .where(
      and(
        eq(gitTransactions.organisationId, gitTarget.organisationId),
        eq(gitTransactions.clubAccountId, gitTarget.clubAccountId),
        eq(gitTransactions.kind, 'report_status'),
        eq(gitTransactions.status, 'queued'),
      ),
    );
}

/** A queued report run (`git_transactions` of kind `report_status`) and what it was asked, in one transaction. */
export function insertReportRun(
  db: Db,
  gitTarget: MirrorTarget,
  run: { trigger: string; targetClubAccountId: string; total: number },
  request: { kinds: GitReportKind[]; basisIds: string[] | null; lang: string },
): Promise<GitTransactionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gitTransactions)
      .values({ ...gitTarget, kind: 'report_status', status: 'queued', ...run })
      .returning();
    if (!row) throw new Error('git_transactions insert returned no row');
    await tx.insert(gitReportRuns).values({ runId: row.id, ...request });
    return row;
  });
}

export async function findRun(conn: Conn, runId: string): Promise<GitTransactionRow | null> {
  const [row] = await conn.select().from(gitTransactions).where(eq(gitTransactions.id, runId));
  return row ?? null;
}

export async function findReportRequest(conn: Conn, runId: string): Promise<ReportRequest | null> {
  const [row] = await conn.select().from(gitReportRuns).where(eq(gitReportRuns.runId, runId));
  return row ?? null;
}

// ---- what a plan reads ----------------------------------------------------------------------------

export type ReportBasis = Pick<
  typeof gitInvoiceBases.$inferSelect,
  'id' | 'gitId' | 'number' | 'status' | 'totalOre' | 'paidOre' | 'paidAt' | 'creditedAt'
>;

/** The chosen bases (mirror ids) in GIT's order, or (null) every one GIT has not credited. */
export async function basesToReport(
  conn: Conn,
  gitTarget: MirrorTarget,
  basisIds: readonly string[] | null,
): Promise<ReportBasis[]> {
  const columns = {
    id: gitInvoiceBases.id,
    gitId: gitInvoiceBases.gitId,
    number: gitInvoiceBases.number,
    status: gitInvoiceBases.status,
    totalOre: gitInvoiceBases.totalOre,
    paidOre: gitInvoiceBases.paidOre,
    paidAt: gitInvoiceBases.paidAt,
    creditedAt: gitInvoiceBases.creditedAt,
  };
  if (!basisIds) {
    return conn
      .select(columns)
      .from(gitInvoiceBases)
      .where(and(ofGitClub(gitTarget), ne(gitInvoiceBases.status, 'credited')));
  }
  const out = await inChunks(basisIds, (chunk) =>
    conn
      .select(columns)
      .from(gitInvoiceBases)
      .where(and(ofGitClub(gitTarget), inArray(gitInvoiceBases.id, chunk))),
  );
  return out.sort((a, b) => a.number - b.number);
}

/** Reads the ledger rows of these bases (GIT ids), or (null) of the whole club account. */
const ofBases = <T>(basisGitIds: readonly string[] | null, read: (gitIds: string[] | null) => Promise<T[]>) =>
  basisGitIds === null ? read(null) : inChunks(basisGitIds, (chunk) => read(chunk));

/** Bases (GIT ids) whose sync item towards the target the sync paused. */
export async function pausedBases(
  conn: Conn,
  gitTarget: MirrorTarget,
  target: MirrorTarget,
  basisGitIds: readonly string[] | null,
): Promise<Set<string>> {
  const rows = await ofBases(basisGitIds, (gitIds) =>
    conn
      .select({ basisGitId: gitSyncItems.basisGitId })
      .from(gitSyncItems)
      .where(
        and(
          eq(gitSyncItems.clubAccountId, gitTarget.clubAccountId),
          eq(gitSyncItems.targetClubAccountId, target.clubAccountId),
          eq(gitSyncItems.state, 'paused'),
          gitIds ? inArray(gitSyncItems.basisGitId, gitIds) : undefined,
        ),
      ),
  );
  return new Set(rows.map((r) => r.basisGitId));
}

/** The key of a report made: basis GIT id and reference. */
export const reportKey = (basisGitId: string, reference: string) => `${basisGitId}\u0000${reference}`;

/** Reports GIT has already answered (`reportKey`). */
export async function doneReports(
  conn: Conn,
  gitTarget: MirrorTarget,
  basisGitIds: readonly string[] | null,
): Promise<Set<string>> {
  const rows = await ofBases(basisGitIds, (gitIds) =>
    conn
      .select({ basisGitId: gitStatusReports.basisGitId, reference: gitStatusReports.reference })
      .from(gitStatusReports)
      .where(
        and(
          eq(gitStatusReports.clubAccountId, gitTarget.clubAccountId),
          eq(gitStatusReports.state, 'done'),
          gitIds ? inArray(gitStatusReports.basisGitId, gitIds) : undefined,
        ),
      ),
  );
  return new Set(rows.map((r) => reportKey(r.basisGitId, r.reference)));
}

// ---- the ledger -------------------------------------------------------------------------------------

export type StatusReportRow = typeof gitStatusReports.$inferSelect;

/** One GIT call a run is to make, as recorded before it is made. */
export interface ReportCall {
  basisGitId: string;
  invoiceNumber: string;
  kind: 'paid' | 'partially_paid' | 'credited';
  reference: string;
  amountOre: number;
  eventAt: Date;
}

/** Records the call before it is made; a pending or failed row of the same reference is reused as it was. */
export async function claimReport(
  conn: Conn,
  gitTarget: MirrorTarget,
  target: MirrorTarget,
  runId: string,
  r: ReportCall,
): Promise<StatusReportRow> {
  await conn
    .insert(gitStatusReports)
    .values({ ...gitTarget, targetClubAccountId: target.clubAccountId, ...r, runId })
    .onConflictDoUpdate({
      target: [gitStatusReports.clubAccountId, gitStatusReports.basisGitId, gitStatusReports.reference],
      // GIT refused the earlier attempt, so nothing of it took effect: the new plan replaces it.
      set: { kind: r.kind, amountOre: r.amountOre, eventAt: r.eventAt, state: 'pending', runId, updatedAt: sql`now()` },
      setWhere: eq(gitStatusReports.state, 'failed'),
    });
  const [row] = await conn
    .select()
    .from(gitStatusReports)
    .where(
      and(
        eq(gitStatusReports.clubAccountId, gitTarget.clubAccountId),
        eq(gitStatusReports.basisGitId, r.basisGitId),
        eq(gitStatusReports.reference, r.reference),
      ),
    );
  if (!row) throw new Error('git_status_reports row missing after insert');
  return row;
}

export async function settleReport(conn: Conn, id: string, state: 'done' | 'failed', error: string | null): Promise<void> {
  await conn
    .update(gitStatusReports)
    .set({ state, error, updatedAt: sql`now()`, ...(state === 'done' ? { reportedAt: sql`now()` } : {}) })
    .where(eq(gitStatusReports.id, id));
}

/** Calls an earlier attempt recorded and did not see answered. */
export function unfinishedReports(conn: Conn, gitTarget: MirrorTarget): Promise<StatusReportRow[]> {
  return conn
    .select()
    .from(gitStatusReports)
    .where(and(eq(gitStatusReports.clubAccountId, gitTarget.clubAccountId), eq(gitStatusReports.state, 'pending')));
}
