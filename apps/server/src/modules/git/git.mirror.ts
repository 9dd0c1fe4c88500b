import { and, eq, getTableColumns, getTableName, gt, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { GitArticle, GitInvoiceBasis, GitInvoiceOccasion, GitMember } from '../../providers/git/git-gateway';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers } from './git.tables';

export interface WriteCounts {
  created: number;
  updated: number;
}

/**
 * Writes one page of GIT items into the mirror in one statement, keyed by club account and GIT's
 * id, so reading an item twice is harmless. A row is only rewritten when GIT's `modifiedAt`
 * moved, so `updated` counts real changes; `xmax = 0` tells an inserted row from an updated one.
 */
async function upsertPage(
  db: Db,
  table: PgTable,
  target: PgColumn[],
  rows: PgInsertValue<PgTable>[],
  update: string[],
): Promise<WriteCounts> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const set = Object.fromEntries(update.map((key) => [key, sql.raw(`excluded."${columns[key]?.name ?? key}"`)]));
  const written = await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({
      target,
      set: { ...set, syncedAt: sql`now()` },
      setWhere: sql.raw(`"${getTableName(table)}"."modified_at" is distinct from excluded."modified_at"`),
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const created = written.filter((r) => r.inserted).length;
  return { created, updated: written.length - created };
}

const dedupe = <T>(items: T[], key: (item: T) => string) => [...new Map(items.map((i) => [key(i), i])).values()];

export function mirrorGitMembers(db: Db, target: MirrorTarget, items: GitMember[]) {
  const rows = dedupe(items, (m) => m.golfId).map((m) => ({
    ...target,
    golfId: m.golfId,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    categoryCode: m.category.code,
    categoryName: m.category.name,
    guardianGolfId: m.guardianGolfId,
    familyId: m.family?.id ?? null,
    familyRole: m.family?.role ?? null,
    active: m.active,
    modifiedAt: new Date(m.modifiedAt),
    raw: m,
  }));
  return upsertPage(db, gitMembers, [gitMembers.clubAccountId, gitMembers.golfId], rows, [
    'firstName',
    'lastName',
    'email',
    'categoryCode',
    'categoryName',
    'guardianGolfId',
    'familyId',
    'familyRole',
    'active',
    'modifiedAt',
    'raw',
  ]);
}

/**
 * Stamps the members of a page as seen now (`synced_at`), changed or not, so that after a full
 * read the ones GIT no longer lists can be told apart (pruneGitMembers).
 */
export async function touchGitMembers(db: Db, target: MirrorTarget, golfIds: readonly string[], seenAt: Date) {
  if (golfIds.length === 0) return;
  await db
    .update(gitMembers)
    .set({ syncedAt: seenAt })
    .where(
      and(
        eq(gitMembers.organisationId, target.organisationId),
        eq(gitMembers.clubAccountId, target.clubAccountId),
        inArray(gitMembers.golfId, [...golfIds]),
      ),
    );
}

/**
 * After a full read: the members GIT no longer lists leave the mirror. Rows an Excel import made
 * (stamped with the epoch, git-import.service.ts) were never GIT's API's to list and stay.
 */
export async function pruneGitMembers(db: Db, target: MirrorTarget, since: Date): Promise<number> {
  const removed = await db
    .delete(gitMembers)
    .where(
      and(
        eq(gitMembers.organisationId, target.organisationId),
        eq(gitMembers.clubAccountId, target.clubAccountId),
        lt(gitMembers.syncedAt, since),
        gt(gitMembers.modifiedAt, new Date(0)),
      ),
    )
    .returning({ id: gitMembers.id });
  return removed.length;
}

export function mirrorGitArticles(db: Db, target: MirrorTarget, items: GitArticle[]) {
  const rows = dedupe(items, (a) => a.id).map((a) => ({
    ...target,
    gitId: a.id,
    code: a.code,
    name: a.name,
    amountOre: a.amountOre,
    vatRate: a.vatRate,
    account: a.account,
    memberCategoryCode: a.memberCategoryCode,
    modifiedAt: new Date(a.modifiedAt),
    raw: a,
  }));
  return upsertPage(db, gitArticles, [gitArticles.clubAccountId, gitArticles.gitId], rows, [
    'code',
    'name',
    'amountOre',
    'vatRate',
    'account',
    'memberCategoryCode',
    'modifiedAt',
    'raw',
  ]);
}

/** The portal's `archived` flag is never written from GIT. */
export function mirrorGitOccasions(db: Db, target: MirrorTarget, items: GitInvoiceOccasion[]) {
  const rows = dedupe(items, (o) => o.id).map((o) => ({
    ...target,
    gitId: o.id,
    name: o.name,
    invoiceDate: o.invoiceDate,
    dueDate: o.dueDate,
    basisCount: o.basisCount,
    totalOre: o.totalOre,
    paidOre: o.paidOre,
    gitCreatedAt: new Date(o.createdAt),
    modifiedAt: new Date(o.modifiedAt),
    raw: o,
  }));
  return upsertPage(db, gitInvoiceOccasions, [gitInvoiceOccasions.clubAccountId, gitInvoiceOccasions.gitId], rows, [
    'name',
    'invoiceDate',
    'dueDate',
    'basisCount',
    'totalOre',
    'paidOre',
    'gitCreatedAt',
    'modifiedAt',
    'raw',
  ]);
}

export function mirrorGitBases(db: Db, target: MirrorTarget, items: GitInvoiceBasis[]) {
  const rows = dedupe(items, (b) => b.id).map((b) => ({
    ...target,
    gitId: b.id,
    occasionGitId: b.occasionId,
    number: b.number,
    memberGolfId: b.memberGolfId,
    memberName: b.memberName,
    payerKind: b.payer.reason,
    payerGolfId: b.payer.golfId,
    payerName: `${b.payer.firstName} ${b.payer.lastName}`.trim(),
    familyId: b.familyId,
    rows: b.rows.map((r) => ({
      articleCode: r.articleCode,
      description: r.description,
      quantity: r.quantity,
      amountOre: r.amountOre,
      vatRate: r.vatRate,
    })),
    totalOre: b.totalOre,
    dueDate: b.dueDate,
    status: b.status,
    paidOre: b.paidOre,
    paidAt: b.paidAt ? new Date(b.paidAt) : null,
    creditedAt: b.creditedAt ? new Date(b.creditedAt) : null,
    creditReason: b.creditReason,
    modifiedAt: new Date(b.modifiedAt),
    raw: b,
  }));
  return upsertPage(db, gitInvoiceBases, [gitInvoiceBases.clubAccountId, gitInvoiceBases.gitId], rows, [
    'occasionGitId',
    'number',
    'memberGolfId',
    'memberName',
    'payerKind',
    'payerGolfId',
    'payerName',
    'familyId',
    'rows',
    'totalOre',
    'dueDate',
    'status',
    'paidOre',
    'paidAt',
    'creditedAt',
    'creditReason',
    'modifiedAt',
    'raw',
  ]);
}
