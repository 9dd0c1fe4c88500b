import type {
  GitArticleRow,
  GitBasisSync,
  GitInvoiceBasisRow,
  GitInvoiceOccasionDetail,
  GitInvoiceOccasionRow,
  GitMemberRow,
  GitTransaction,
} from '@fairway/shared';
import { NotFoundError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { logEventQuietly } from '../eventlogs/eventlogs.service';
import { idsByGolfId } from '../members/members.repository';
import type { GitDeps } from './git.deps';
import * as repo from './git.repository';
import { itemStatesBeyond, itemStatesFor, listTargetOf, notSynced, syncStatesOf } from './sync/git-sync-states';

/** Reading the portal's copy of GIT (`git/`, `git/list_members/`, paid / credited invoices; docs/git.md#mirror). */

type PageQuery = repo.PageQuery;
type Paged<T> = repo.Paged<T>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const mapPage = <R, T>(page: Paged<R>, map: (row: R) => T): Paged<T> => ({ ...page, data: page.data.map(map) });

const toMember = (r: repo.MemberRow): GitMemberRow => ({
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

/** GIT's members, each with their id in the member register when they are in it. */
export async function listGitMembers(
  deps: GitDeps,
  target: MirrorTarget,
  query: PageQuery & { search?: string; category?: string; active?: boolean },
): Promise<Paged<GitMemberRow>> {
  const page = await repo.pageOfMembers(deps.db, target, query);
  const memberOf = await idsByGolfId(
    deps.db,
    target,
    page.data.map((m) => m.golfId),
  );
  return mapPage(page, (m) => ({ ...toMember(m), memberId: memberOf.get(m.golfId) ?? null }));
}

export async function listGitArticles(deps: GitDeps, target: MirrorTarget, query: PageQuery & { search?: string }) {
  return mapPage(
    await repo.pageOfArticles(deps.db, target, query),
    (r): GitArticleRow => ({
      id: r.id,
      gitId: r.gitId,
      code: r.code,
      name: r.name,
      amountOre: r.amountOre,
      vatRate: r.vatRate,
      account: r.account,
      memberCategoryCode: r.memberCategoryCode,
    }),
  );
}

const toOccasion = (r: repo.OccasionRow): GitInvoiceOccasionRow => ({
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

export async function listGitOccasions(deps: GitDeps, target: MirrorTarget, query: PageQuery & { archived?: boolean }) {
  return mapPage(await repo.pageOfOccasions(deps.db, target, query), toOccasion);
}

/** The occasion of this club account, or 404 (another organisation's or club account's id too). */
async function findOccasion(deps: GitDeps, target: MirrorTarget, id: string): Promise<repo.OccasionRow> {
  const row = await repo.findOccasion(deps.db, target, id);
  if (!row) throw new NotFoundError('git.occasionNotFound');
  return row;
}

export async function getGitOccasion(deps: GitDeps, target: MirrorTarget, id: string): Promise<GitInvoiceOccasionDetail> {
  const row = await findOccasion(deps, target, id);
  const counts = await repo.basisStatusCounts(deps.db, target, row.gitId);
  const statusCounts = { unpaid: 0, partially_paid: 0, paid: 0, credited: 0 };
  for (const c of counts) if (c.status in statusCounts) statusCounts[c.status as keyof typeof statusCounts] = c.n;
  return { ...toOccasion(row), statusCounts };
}

export async function setGitOccasionArchived(
  deps: GitDeps,
  target: MirrorTarget,
  id: string,
  archived: boolean,
): Promise<GitInvoiceOccasionDetail> {
  const row = await findOccasion(deps, target, id);
  if (row.archived !== archived) {
    await repo.setOccasionArchived(deps.db, target, id, archived);
    await logEventQuietly(deps.db, deps.log, {
      ...target,
      resource: 'git',
      activity: archived ? 'git.event.archived' : 'git.event.unarchived',
      params: { name: row.name },
      type: 'INFO',
    });
  }
  return getGitOccasion(deps, target, id);
}

const toBasis = (r: repo.BasisRow, sync: GitBasisSync = notSynced): GitInvoiceBasisRow => ({
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
async function withSync(deps: GitDeps, target: MirrorTarget, page: Paged<repo.BasisRow>, lang: Lang) {
  const states = await syncStatesOf(
    deps,
    target,
    page.data.map((b) => b.gitId),
    lang,
  );
  return mapPage(page, (b) => toBasis(b, states.get(b.gitId) ?? notSynced));
}

/** The bases whose sync (towards the list's target) is in `state`. */
async function syncFilter(deps: GitDeps, target: MirrorTarget, state: GitBasisSync['state']): Promise<repo.BasesFilter['sync']> {
  const targetClubAccountId = await listTargetOf(deps, target);
  if (state === 'not_synced') return { targetClubAccountId, states: itemStatesBeyond('not_synced'), not: true };
  return { targetClubAccountId, states: itemStatesFor(state), not: false };
}

export async function listGitOccasionBases(
  deps: GitDeps,
  target: MirrorTarget,
  id: string,
  query: PageQuery & { status?: string; search?: string; sync?: GitBasisSync['state'] },
  lang: Lang = 'sv',
): Promise<Paged<GitInvoiceBasisRow>> {
  const occasion = await findOccasion(deps, target, id);
  const filter: repo.BasesFilter = { occasionGitId: occasion.gitId, status: query.status, search: query.search };
  if (query.sync) filter.sync = await syncFilter(deps, target, query.sync);
  return withSync(deps, target, await repo.pageOfBases(deps.db, target, filter, query), lang);
}

/** Paid (`paid`) or credited invoice bases of the club account, newest first. */
export async function listSettledGitBases(
  deps: GitDeps,
  target: MirrorTarget,
  status: 'paid' | 'credited',
  query: PageQuery & { occasionId?: string; search?: string },
  lang: Lang = 'sv',
): Promise<Paged<GitInvoiceBasisRow>> {
  const filter: repo.BasesFilter = { status, search: query.search };
  if (query.occasionId) filter.occasionGitId = (await findOccasion(deps, target, query.occasionId)).gitId;
  return withSync(deps, target, await repo.pageOfBases(deps.db, target, filter, query, status), lang);
}

export const toTransaction = (r: repo.TransactionRow): GitTransaction => ({
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

export async function listGitTransactions(deps: GitDeps, target: MirrorTarget, query: PageQuery & { status?: string }) {
  return mapPage(await repo.pageOfTransactions(deps.db, target, query), toTransaction);
}

export async function getGitTransaction(deps: GitDeps, target: MirrorTarget, id: string): Promise<GitTransaction> {
  const row = await repo.findTransaction(deps.db, target, id);
  if (!row) throw new NotFoundError();
  return toTransaction(row);
}
