import { and, desc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { asSchemaOwner } from '../../db/tenant-context';
import type { CodeItem } from '../../integrations/accounting/provider';
import type { Tenant } from '../organizations/tenant';
import { accountingCodeItems, accountingSyncCursors, accountingSyncRuns } from './accounting.schema';
import type { MirrorTarget } from './mirror';

export type SyncRunRow = typeof accountingSyncRuns.$inferSelect;
export type CodeListKind = 'units' | 'priceLists' | 'costCenters' | 'projects' | 'termsOfPayment' | 'termsOfDelivery';

/** A queued run of the club account, if one waits already (a new request joins it). */
export async function findQueuedRun(conn: Db | Tx, target: MirrorTarget): Promise<SyncRunRow | null> {
  const [row] = await conn
    .select()
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.clubAccountId, target.clubAccountId), eq(accountingSyncRuns.status, 'queued')))
    .limit(1);
  return row ?? null;
}

export async function insertRun(conn: Db | Tx, target: MirrorTarget, trigger: string): Promise<SyncRunRow> {
  const [row] = await conn
    .insert(accountingSyncRuns)
    .values({ organisationId: target.organisationId, clubAccountId: target.clubAccountId, trigger, status: 'queued' })
    .returning();
  if (!row) throw new Error('sync run insert returned no row');
  return row;
}

/**
 * Starts a queued run unless another run of the same club account is running (and has not been
 * silent for `staleAfterMinutes`, which means its process died). Answers the started run, 'busy'
 * while the other runs, or null when the run is gone or already finished.
 */
export async function startRun(conn: Db, runId: string, staleAfterMinutes: number): Promise<SyncRunRow | 'busy' | null> {
  return conn.transaction(async (tx) => {
    const [run] = await tx.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, runId)).for('update');
    if (!run || (run.status !== 'queued' && run.status !== 'running')) return null;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sync:${run.clubAccountId}`}, 0))`);
    const [other] = await tx
      .select({ id: accountingSyncRuns.id })
      .from(accountingSyncRuns)
      .where(
        and(
          eq(accountingSyncRuns.clubAccountId, run.clubAccountId),
          eq(accountingSyncRuns.status, 'running'),
          sql`${accountingSyncRuns.id} <> ${run.id}`,
          sql`${accountingSyncRuns.startedAt} > now() - ${`${staleAfterMinutes} minutes`}::interval`,
        ),
      )
      .limit(1);
    if (other) return 'busy';
    const [started] = await tx
      .update(accountingSyncRuns)
      .set({ status: 'running', startedAt: sql`now()`, error: null })
      .where(eq(accountingSyncRuns.id, run.id))
      .returning();
    return started ?? null;
  });
}

export async function updateRunProgress(
  conn: Db | Tx,
  runId: string,
  changes: Partial<Pick<SyncRunRow, 'counts' | 'currentResource'>>,
): Promise<void> {
  // Touching started_at keeps a long run from looking stale to the next one.
  await conn
    .update(accountingSyncRuns)
    .set({ ...changes, startedAt: sql`now()` })
    .where(eq(accountingSyncRuns.id, runId));
}

/** Ends a run, or (`queued`) hands it back to the queue for the job's retry. */
export async function finishRun(conn: Db | Tx, runId: string, status: 'succeeded' | 'failed' | 'queued', error: string | null) {
  await conn
    .update(accountingSyncRuns)
    .set({ status, error, currentResource: null, finishedAt: status === 'queued' ? null : sql`now()` })
    .where(eq(accountingSyncRuns.id, runId));
}

/** The latest runs of a club account, newest first. */
export async function latestRuns(conn: Db | Tx, tenant: Tenant, clubAccountId: string, limit: number): Promise<SyncRunRow[]> {
  return conn
    .select()
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.organisationId, tenant.organisationId), eq(accountingSyncRuns.clubAccountId, clubAccountId)))
    .orderBy(desc(accountingSyncRuns.createdAt))
    .limit(limit);
}

export async function readCursors(conn: Db | Tx, clubAccountId: string) {
  return conn.select().from(accountingSyncCursors).where(eq(accountingSyncCursors.clubAccountId, clubAccountId));
}

export async function writeCursor(
  conn: Db | Tx,
  clubAccountId: string,
  resource: string,
  values: { modifiedSince: Date | null; lastFullAt?: Date },
): Promise<void> {
  await conn
    .insert(accountingSyncCursors)
    .values({ clubAccountId, resource, ...values })
    .onConflictDoUpdate({
      target: [accountingSyncCursors.clubAccountId, accountingSyncCursors.resource],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** Replaces one code list of a club account with what the program answered. */
export async function replaceCodeList(conn: Db | Tx, target: MirrorTarget, kind: CodeListKind, items: CodeItem[]): Promise<void> {
  await conn
    .delete(accountingCodeItems)
    .where(and(eq(accountingCodeItems.clubAccountId, target.clubAccountId), eq(accountingCodeItems.kind, kind)));
  if (items.length === 0) return;
  const unique = [...new Map(items.map((i) => [i.code, i])).values()];
  await conn.insert(accountingCodeItems).values(
    unique.map((i) => ({
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      kind,
      code: i.code,
      name: i.name,
      days: i.days ?? null,
      active: i.active ?? true,
    })),
  );
}

export async function listCodeItems(conn: Db | Tx, tenant: Tenant, clubAccountId: string, kinds: readonly CodeListKind[]) {
  return conn
    .select()
    .from(accountingCodeItems)
    .where(
      and(
        eq(accountingCodeItems.organisationId, tenant.organisationId),
        eq(accountingCodeItems.clubAccountId, clubAccountId),
        inArray(accountingCodeItems.kind, [...kinds]),
      ),
    )
    .orderBy(accountingCodeItems.kind, accountingCodeItems.code);
}

/** Gathers the planner's statistics of a mirror table (see ANALYZE_AFTER_ROWS). */
/**
 * VACUUM (ANALYZE) of one table; outside any transaction (VACUUM cannot run inside one). Only the
 * table's owner may vacuum it (the application role would be skipped with a mere warning), and
 * it reads no tenant's rows, so it runs as the schema owner.
 */
export async function vacuumAnalyzeTable(conn: Db, table: PgTable): Promise<void> {
  await asSchemaOwner(() => conn.execute(sql`vacuum (analyze) ${sql.identifier(getTableName(table))}`));
}
