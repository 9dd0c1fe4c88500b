import type { Pagination } from '@fairway/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { clubAccounts } from '../organizations/organizations.tables';
import { gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers, gitTransactions } from './git.tables';
import { gitSyncItems } from './sync/git-sync.tables';

// Reading the portal's copy of GIT (git.service.ts): pages of members, articles, invoice
// occasions, bases and the transaction log, each of one club account.

type Conn = Db | Tx;

export interface PageQuery {
  page: number;
  pageSize: number;
}
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

export type MemberRow = typeof gitMembers.$inferSelect;
export type ArticleRow = typeof gitArticles.$inferSelect;
export type OccasionRow = typeof gitInvoiceOccasions.$inferSelect;
export type BasisRow = typeof gitInvoiceBases.$inferSelect;
export type TransactionRow = typeof gitTransactions.$inferSelect;

async function paged<R>(conn: Conn, table: PgTable, where: SQL | undefined, order: (PgColumn | SQL)[], query: PageQuery) {
  const [rows, [total]] = await Promise.all([
    conn
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    conn.select({ n: count() }).from(table).where(where),
  ]);
  return {
    data: rows as R[],
    pagination: { page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 },
  };
}

function tenantOf<T extends { organisationId: PgColumn; clubAccountId: PgColumn }>(table: T, target: MirrorTarget): SQL {
  return and(eq(table.organisationId, target.organisationId), eq(table.clubAccountId, target.clubAccountId)) as SQL;
}

export function pageOfMembers(
  conn: Conn,
  target: MirrorTarget,
  query: PageQuery & { search?: string; category?: string; active?: boolean },
): Promise<Paged<MemberRow>> {
  const conditions: (SQL | undefined)[] = [tenantOf(gitMembers, target)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(gitMembers.golfId, pattern),
        ilike(gitMembers.firstName, pattern),
        ilike(gitMembers.lastName, pattern),
        ilike(sql`${gitMembers.firstName} || ' ' || ${gitMembers.lastName}`, pattern),
      ),
    );
  }
  if (query.category) conditions.push(eq(gitMembers.categoryCode, query.category));
  if (query.active !== undefined) conditions.push(eq(gitMembers.active, query.active));
  return paged(
    conn,
    gitMembers,
    and(...conditions),
    [asc(gitMembers.lastName), asc(gitMembers.firstName), asc(gitMembers.golfId)],
    query,
  );
}

export function pageOfArticles(
  conn: Conn,
  target: MirrorTarget,
  query: PageQuery & { search?: string },
): Promise<Paged<ArticleRow>> {
  const conditions: (SQL | undefined)[] = [tenantOf(gitArticles, target)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(gitArticles.code, pattern), ilike(gitArticles.name, pattern)));
  }
  return paged(conn, gitArticles, and(...conditions), [asc(gitArticles.code), asc(gitArticles.gitId)], query);
}

export function pageOfOccasions(
  conn: Conn,
  target: MirrorTarget,
  query: PageQuery & { archived?: boolean },
): Promise<Paged<OccasionRow>> {
  const conditions: (SQL | undefined)[] = [tenantOf(gitInvoiceOccasions, target)];
  if (query.archived !== undefined) conditions.push(eq(gitInvoiceOccasions.archived, query.archived));
  return paged(
    conn,
    gitInvoiceOccasions,
    and(...conditions),
    [desc(gitInvoiceOccasions.invoiceDate), desc(gitInvoiceOccasions.gitCreatedAt), asc(gitInvoiceOccasions.id)],
    query,
  );
}

export async function findOccasion(conn: Conn, target: MirrorTarget, id: string): Promise<OccasionRow | null> {
  const [row] = await conn
    .select()
    .from(gitInvoiceOccasions)
    .where(and(tenantOf(gitInvoiceOccasions, target), eq(gitInvoiceOccasions.id, id)));
  return row ?? null;
}

/** How many of the occasion's bases are in each GIT status. */
export function basisStatusCounts(conn: Conn, target: MirrorTarget, occasionGitId: string) {
  return conn
    .select({ status: gitInvoiceBases.status, n: count() })
    .from(gitInvoiceBases)
    .where(and(tenantOf(gitInvoiceBases, target), eq(gitInvoiceBases.occasionGitId, occasionGitId)))
    .groupBy(gitInvoiceBases.status);
}

export async function setOccasionArchived(conn: Conn, target: MirrorTarget, id: string, archived: boolean): Promise<void> {
  await conn
    .update(gitInvoiceOccasions)
    .set({ archived, archivedAt: archived ? sql`now()` : null })
    .where(and(tenantOf(gitInvoiceOccasions, target), eq(gitInvoiceOccasions.id, id)));
}

/** Which bases a page takes: of an occasion, in a GIT status, matching a search, in a sync state. */
export interface BasesFilter {
  occasionGitId?: string;
  status?: string;
  search?: string;
  /** Bases whose sync item towards `targetClubAccountId` is in one of `states`, or (`not`) in none of them. */
  sync?: { targetClubAccountId: string; states: string[]; not: boolean };
}

function basesWhere(target: MirrorTarget, filter: BasesFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [tenantOf(gitInvoiceBases, target)];
  if (filter.occasionGitId) conditions.push(eq(gitInvoiceBases.occasionGitId, filter.occasionGitId));
  if (filter.status) conditions.push(eq(gitInvoiceBases.status, filter.status));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(gitInvoiceBases.memberGolfId, pattern),
        ilike(gitInvoiceBases.memberName, pattern),
        ilike(gitInvoiceBases.payerName, pattern),
        ilike(sql`${gitInvoiceBases.number}::text`, pattern),
      ),
    );
  }
  if (filter.sync) {
    const { targetClubAccountId, states, not } = filter.sync;
    const item = sql`exists (select 1 from ${gitSyncItems} where ${gitSyncItems.clubAccountId} = ${gitInvoiceBases.clubAccountId} and ${gitSyncItems.targetClubAccountId} = ${targetClubAccountId} and ${gitSyncItems.basisGitId} = ${gitInvoiceBases.gitId} and ${inArray(gitSyncItems.state, states)})`;
    conditions.push(not ? sql`not ${item}` : item);
  }
  return and(...conditions);
}

/** A page of bases in GIT's order (`number`), or newest first by when they were `paid` or `credited`. */
export function pageOfBases(
  conn: Conn,
  target: MirrorTarget,
  filter: BasesFilter,
  query: PageQuery,
  newestBy?: 'paid' | 'credited',
): Promise<Paged<BasisRow>> {
  const moment = newestBy === 'paid' ? gitInvoiceBases.paidAt : gitInvoiceBases.creditedAt;
  const order = newestBy
    ? [sql`${moment} desc nulls last`, asc(gitInvoiceBases.number)]
    : [asc(gitInvoiceBases.number), asc(gitInvoiceBases.id)];
  return paged(conn, gitInvoiceBases, basesWhere(target, filter), order, query);
}

export function pageOfTransactions(
  conn: Conn,
  target: MirrorTarget,
  query: PageQuery & { status?: string },
): Promise<Paged<TransactionRow>> {
  const conditions: (SQL | undefined)[] = [tenantOf(gitTransactions, target)];
  if (query.status) conditions.push(eq(gitTransactions.status, query.status));
  return paged(conn, gitTransactions, and(...conditions), [desc(gitTransactions.createdAt), desc(gitTransactions.id)], query);
}

export async function findTransaction(conn: Conn, target: MirrorTarget, id: string): Promise<TransactionRow | null> {
  const [row] = await conn
    .select()
    .from(gitTransactions)
    .where(and(tenantOf(gitTransactions, target), eq(gitTransactions.id, id)));
  return row ?? null;
}

/** The club account `id` with its name, when it is one of the organisation's; else null. */
export async function clubAccountOf(
  conn: Conn,
  organisationId: string,
  id: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await conn
    .select({ id: clubAccounts.id, name: clubAccounts.name })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, id), eq(clubAccounts.organisationId, organisationId)));
  return row ?? null;
}

/**
 * GIT's guardians and families of the club account's members, as a subquery with the columns
 * club_account_id, golf_id, guardian_golf_id, family_id, family_role and last_name: the member
 * register links guardians and families from it (linkGitRelations in
 * modules/members/members.register.ts), in a few statements over the whole list.
 */
export function gitMemberRelations(target: MirrorTarget): SQL {
  return sql`select ${gitMembers.clubAccountId}, ${gitMembers.golfId}, ${gitMembers.guardianGolfId}, ${gitMembers.familyId},
    ${gitMembers.familyRole}, ${gitMembers.lastName} from ${gitMembers} where ${tenantOf(gitMembers, target)}`;
}
