import type {
  GitArticleRow,
  GitBasisSync,
  GitInvoiceBasisRow,
  GitInvoiceOccasionDetail,
  GitInvoiceOccasionRow,
  GitMemberRow,
  GitTransaction,
  Pagination,
} from '@fairway/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { likePattern } from '../accounting/list';
import type { MirrorTarget } from '../accounting/mirror';
import { logEventQuietly } from '../eventlogs/eventlogs.service';
import { members } from '../members/members.tables';
import { gitArticles, gitInvoiceBases, gitInvoiceOccasions, gitMembers, gitTransactions } from './git.tables';
import { gitSyncItems } from './sync/git-sync.tables';
import { itemStatesBeyond, itemStatesFor, listTargetOf, notSynced, syncStatesOf } from './sync/git-sync-states';

/** Reading the portal's copy of GIT (`git/`, `git/list_members/`, paid / credited invoices; docs/git.md#mirror). */

interface PageQuery {
  page: number;
  pageSize: number;
}
interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

async function paged<R>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  order: (PgColumn | SQL)[],
  query: PageQuery,
  map: (row: Record<string, unknown>) => R,
): Promise<Paged<R>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return {
    data: (rows as Record<string, unknown>[]).map(map),
    pagination: { page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 },
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function tenantOf<T extends { organisationId: PgColumn; clubAccountId: PgColumn }>(table: T, target: MirrorTarget): SQL {
  return and(eq(table.organisationId, target.organisationId), eq(table.clubAccountId, target.clubAccountId)) as SQL;
}

type MemberRow = typeof gitMembers.$inferSelect;
const toMember = (r: MemberRow): GitMemberRow => ({
  id: r.id,
  golfId: r.golfId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  categoryCode: r.categoryCode,
  categoryName: r.categoryName,
  guardianGolfId: r.guardianGolfId,
  familyId: r.familyId,
  familyRole: r.familyRole,
  active: r.active,
  modifiedAt: r.modifiedAt.toISOString(),
  memberId: null,
});

export async function listGitMembers(
  app: FastifyInstance,
  target: MirrorTarget,
  query: PageQuery & { search?: string; category?: string; active?: boolean },
): Promise<Paged<GitMemberRow>> {
  const page = await listGitMirrorMembers(app, target, query);
  const golfIds = page.data.map((m) => m.golfId);
  const linked =
    golfIds.length === 0
      ? []
      : await app.db
          .select({ id: members.id, golfId: members.golfId })
          .from(members)
          .where(and(tenantOf(members, target), inArray(members.golfId, golfIds)));
  const memberOf = new Map(linked.map((m) => [m.golfId, m.id]));
  return { ...page, data: page.data.map((m) => ({ ...m, memberId: memberOf.get(m.golfId) ?? null })) };
}

function listGitMirrorMembers(
  app: FastifyInstance,
  target: MirrorTarget,
  query: PageQuery & { search?: string; category?: string; active?: boolean },
): Promise<Paged<GitMemberRow>> {
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
    app.db,
    gitMembers,
    and(...conditions),
    [asc(gitMembers.lastName), asc(gitMembers.firstName), asc(gitMembers.golfId)],
    query,
    (r) => toMember(r as MemberRow),
  );
}

type ArticleRow = typeof gitArticles.$inferSelect;
export function listGitArticles(app: FastifyInstance, target: MirrorTarget, query: PageQuery & { search?: string }) {
  const conditions: (SQL | undefined)[] = [tenantOf(gitArticles, target)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(gitArticles.code, pattern), ilike(gitArticles.name, pattern)));
  }
  return paged(app.db, gitArticles, and(...conditions), [asc(gitArticles.code), asc(gitArticles.gitId)], query, (row) => {
    const r = row as ArticleRow;
    return {
      id: r.id,
      gitId: r.gitId,
      code: r.code,
      name: r.name,
      amountOre: r.amountOre,
      vatRate: r.vatRate,
      account: r.account,
      memberCategoryCode: r.memberCategoryCode,
    } satisfies GitArticleRow;
  });
}

type OccasionRow = typeof gitInvoiceOccasions.$inferSelect;
const toOccasion = (r: OccasionRow): GitInvoiceOccasionRow => ({
  id: r.id,
  gitId: r.gitId,
  name: r.name,
  invoiceDate: r.invoiceDate,
  dueDate: r.dueDate,
  basisCount: r.basisCount,
  totalOre: r.totalOre,
  paidOre: r.paidOre,
  archived: r.archived,
  createdAt: r.gitCreatedAt.toISOString(),
});

export function listGitOccasions(app: FastifyInstance, target: MirrorTarget, query: PageQuery & { archived?: boolean }) {
  const conditions: (SQL | undefined)[] = [tenantOf(gitInvoiceOccasions, target)];
  if (query.archived !== undefined) conditions.push(eq(gitInvoiceOccasions.archived, query.archived));
  return paged(
    app.db,
    gitInvoiceOccasions,
    and(...conditions),
    [desc(gitInvoiceOccasions.invoiceDate), desc(gitInvoiceOccasions.gitCreatedAt), asc(gitInvoiceOccasions.id)],
    query,
    (r) => toOccasion(r as OccasionRow),
  );
}

/** The occasion of this club account, or 404 (another organisation's or club account's id too). */
async function findOccasion(app: FastifyInstance, target: MirrorTarget, id: string): Promise<OccasionRow> {
  const [row] = await app.db
    .select()
    .from(gitInvoiceOccasions)
    .where(and(tenantOf(gitInvoiceOccasions, target), eq(gitInvoiceOccasions.id, id)));
  if (!row) throw new NotFoundError('git.occasionNotFound');
  return row;
}

export async function getGitOccasion(app: FastifyInstance, target: MirrorTarget, id: string): Promise<GitInvoiceOccasionDetail> {
  const row = await findOccasion(app, target, id);
  const counts = await app.db
    .select({ status: gitInvoiceBases.status, n: count() })
    .from(gitInvoiceBases)
    .where(and(tenantOf(gitInvoiceBases, target), eq(gitInvoiceBases.occasionGitId, row.gitId)))
    .groupBy(gitInvoiceBases.status);
  const statusCounts = { unpaid: 0, partially_paid: 0, paid: 0, credited: 0 };
  for (const c of counts) if (c.status in statusCounts) statusCounts[c.status as keyof typeof statusCounts] = c.n;
  return { ...toOccasion(row), statusCounts };
}

export async function setGitOccasionArchived(
  app: FastifyInstance,
  target: MirrorTarget,
  id: string,
  archived: boolean,
): Promise<GitInvoiceOccasionDetail> {
  const row = await findOccasion(app, target, id);
  if (row.archived !== archived) {
    await app.db
      .update(gitInvoiceOccasions)
      .set({ archived, archivedAt: archived ? sql`now()` : null })
      .where(and(tenantOf(gitInvoiceOccasions, target), eq(gitInvoiceOccasions.id, id)));
    await logEventQuietly(app.db, app.log, {
      ...target,
      resource: 'git',
      activity: archived ? 'git.event.archived' : 'git.event.unarchived',
      params: { name: row.name },
      type: 'INFO',
    });
  }
  return getGitOccasion(app, target, id);
}

type BasisRow = typeof gitInvoiceBases.$inferSelect;
const toBasis = (r: BasisRow, sync: GitBasisSync = notSynced): GitInvoiceBasisRow => ({
  id: r.id,
  gitId: r.gitId,
  occasionGitId: r.occasionGitId,
  number: r.number,
  memberGolfId: r.memberGolfId,
  memberName: r.memberName,
  payerKind: r.payerKind as GitInvoiceBasisRow['payerKind'],
  payerGolfId: r.payerGolfId,
  payerName: r.payerName,
  familyId: r.familyId,
  rows: r.rows,
  totalOre: r.totalOre,
  dueDate: r.dueDate,
  status: r.status as GitInvoiceBasisRow['status'],
  paidOre: r.paidOre,
  paidAt: iso(r.paidAt),
  creditedAt: iso(r.creditedAt),
  creditReason: r.creditReason,
  sync,
});

/** The page's bases with their sync state (git_sync_items of the API configuration's target). */
async function withSync(app: FastifyInstance, target: MirrorTarget, page: Paged<GitInvoiceBasisRow>, lang: Lang) {
  const states = await syncStatesOf(
    app,
    target,
    page.data.map((b) => b.gitId),
    lang,
  );
  return { ...page, data: page.data.map((b) => ({ ...b, sync: states.get(b.gitId) ?? notSynced })) };
}

/** The bases whose sync (towards the list's target) is in `state`. */
async function syncCondition(app: FastifyInstance, target: MirrorTarget, state: GitBasisSync['state']): Promise<SQL> {
  const targetId = await listTargetOf(app, target);
  const item = (states: string[]) =>
    sql`exists (select 1 from ${gitSyncItems} where ${gitSyncItems.clubAccountId} = ${gitInvoiceBases.clubAccountId} and ${gitSyncItems.targetClubAccountId} = ${targetId} and ${gitSyncItems.basisGitId} = ${gitInvoiceBases.gitId} and ${inArray(gitSyncItems.state, states)})`;
  if (state === 'not_synced') return sql`not ${item(itemStatesBeyond('not_synced'))}`;
  return item(itemStatesFor(state));
}

function basisSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(gitInvoiceBases.memberGolfId, pattern),
    ilike(gitInvoiceBases.memberName, pattern),
    ilike(gitInvoiceBases.payerName, pattern),
    ilike(sql`${gitInvoiceBases.number}::text`, pattern),
  );
}

export async function listGitOccasionBases(
  app: FastifyInstance,
  target: MirrorTarget,
  id: string,
  query: PageQuery & { status?: string; search?: string; sync?: GitBasisSync['state'] },
  lang: Lang = 'sv',
): Promise<Paged<GitInvoiceBasisRow>> {
  const occasion = await findOccasion(app, target, id);
  const conditions: (SQL | undefined)[] = [tenantOf(gitInvoiceBases, target), eq(gitInvoiceBases.occasionGitId, occasion.gitId)];
  if (query.status) conditions.push(eq(gitInvoiceBases.status, query.status));
  conditions.push(basisSearch(query.search));
  if (query.sync) conditions.push(await syncCondition(app, target, query.sync));
  const page = await paged(
    app.db,
    gitInvoiceBases,
    and(...conditions),
    [asc(gitInvoiceBases.number), asc(gitInvoiceBases.id)],
    query,
    (r) => toBasis(r as BasisRow),
  );
  return withSync(app, target, page, lang);
}

/** Paid (`paid`) or credited invoice bases of the club account, newest first. */
export async function listSettledGitBases(
  app: FastifyInstance,
  target: MirrorTarget,
  status: 'paid' | 'credited',
  query: PageQuery & { occasionId?: string; search?: string },
  lang: Lang = 'sv',
): Promise<Paged<GitInvoiceBasisRow>> {
  const conditions: (SQL | undefined)[] = [tenantOf(gitInvoiceBases, target), eq(gitInvoiceBases.status, status)];
  if (query.occasionId) {
    const occasion = await findOccasion(app, target, query.occasionId);
    conditions.push(eq(gitInvoiceBases.occasionGitId, occasion.gitId));
  }
  conditions.push(basisSearch(query.search));
  const moment = status === 'paid' ? gitInvoiceBases.paidAt : gitInvoiceBases.creditedAt;
  const page = await paged(
    app.db,
    gitInvoiceBases,
    and(...conditions),
    [sql`${moment} desc nulls last`, asc(gitInvoiceBases.number)],
    query,
    (r) => toBasis(r as BasisRow),
  );
  return withSync(app, target, page, lang);
}

type TransactionRow = typeof gitTransactions.$inferSelect;
export const toTransaction = (r: TransactionRow): GitTransaction => ({
  id: r.id,
  kind: r.kind,
  trigger: r.trigger,
  status: r.status as GitTransaction['status'],
  created: r.created,
  updated: r.updated,
  counts: r.counts,
  total: r.total,
  processed: r.processed,
  failed: r.failed,
  failures: r.failures,
  targetClubAccountId: r.targetClubAccountId,
  error: r.error,
  startedAt: iso(r.startedAt),
  finishedAt: iso(r.finishedAt),
  createdAt: r.createdAt.toISOString(),
});

export function listGitTransactions(app: FastifyInstance, target: MirrorTarget, query: PageQuery & { status?: string }) {
  const conditions: (SQL | undefined)[] = [tenantOf(gitTransactions, target)];
  if (query.status) conditions.push(eq(gitTransactions.status, query.status));
  return paged(
    app.db,
    gitTransactions,
    and(...conditions),
    [desc(gitTransactions.createdAt), desc(gitTransactions.id)],
    query,
    (r) => toTransaction(r as TransactionRow),
  );
}

export async function getGitTransaction(app: FastifyInstance, target: MirrorTarget, id: string): Promise<GitTransaction> {
  const [row] = await app.db
    .select()
    .from(gitTransactions)
    .where(and(tenantOf(gitTransactions, target), eq(gitTransactions.id, id)));
  if (!row) throw new NotFoundError();
  return toTransaction(row);
}
