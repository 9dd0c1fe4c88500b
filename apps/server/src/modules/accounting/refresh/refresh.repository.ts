import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { CodeItem } from '../../../providers/accounting/provider';
import type { Tenant } from '../../organizations/tenant';
import type { MirrorTarget } from '../mirror/mirror';
import { accountingCodeItems, accountingSyncCursors, accountingSyncRuns } from './refresh.tables';

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

/** When the mirror last finished a refresh. */
export async function lastRefreshedAt(conn: Db | Tx, target: MirrorTarget): Promise<Date | null> {
  const [row] = await conn
    .select({ at: accountingSyncRuns.finishedAt })
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.clubAccountId, target.clubAccountId), eq(accountingSyncRuns.status, 'succeeded')))
    .orderBy(desc(accountingSyncRuns.finishedAt))
    .limit(1);
  return row?.at ?? null;
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

/** One run of the club account, by id; null when it is not one of its runs. */
export async function findRun(conn: Db | Tx, tenant: Tenant, clubAccountId: string, runId: string): Promise<SyncRunRow | null> {
  const [row] = await conn
    .select()
    .from(accountingSyncRuns)
    .where(
      and(
        eq(accountingSyncRuns.id, runId),
        eq(accountingSyncRuns.organisationId, tenant.organisationId),
        eq(accountingSyncRuns.clubAccountId, clubAccountId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function readCursors(conn: Db | Tx, clubAccountId: string) {
  return conn.select().from(accountingSyncCursors).where(eq(accountingSyncCursors.clubAccountId, clubAccountId));
}

export async function writeCursor(
  conn: Db | Tx,
  clubAccountId: string,
  resource: string,
  values: { modifiedSince: Date | null; lastFullAt?: Date; refusedAt?: null },
): Promise<void> {
  await conn
    .insert(accountingSyncCursors)
    .values({ clubAccountId, resource, ...values })
    .onConflictDoUpdate({
      target: [accountingSyncCursors.clubAccountId, accountingSyncCursors.resource],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/**
 * Notes that the program refused the portal a resource (its cursor otherwise untouched); answers
 * whether it was readable before, so the first refusal is the one reported.
 */
export async function markRefused(conn: Db | Tx, clubAccountId: string, resource: string): Promise<boolean> {
  const [before] = await conn
    .select({ refusedAt: accountingSyncCursors.refusedAt })
    .from(accountingSyncCursors)
    .where(and(eq(accountingSyncCursors.clubAccountId, clubAccountId), eq(accountingSyncCursors.resource, resource)));
  await conn
    .insert(accountingSyncCursors)
    .values({ clubAccountId, resource, modifiedSince: null, refusedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [accountingSyncCursors.clubAccountId, accountingSyncCursors.resource],
      set: { refusedAt: sql`now()`, updatedAt: sql`now()` },
    });
  return !before?.refusedAt;
}

/** The resources the program refuses the club account (refresh.service.ts, refused). */
export async function refusedResources(conn: Db | Tx, clubAccountId: string): Promise<Set<string>> {
  const rows = await conn
    .select({ resource: accountingSyncCursors.resource })
    .from(accountingSyncCursors)
    .where(and(eq(accountingSyncCursors.clubAccountId, clubAccountId), isNotNull(accountingSyncCursors.refusedAt)));
  return new Set(rows.map((r) => r.resource));
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
