import { encodeMessage } from '@fairway/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../../lib/errors';
import type { MirrorTarget } from '../../accounting/mirror';
import { getConfiguration, settingRequired } from '../../configurations/configurations.service';
import { clubAccounts } from '../../organizations/organizations.tables';
import { type ClubAccountReach, reachableClubAccount } from '../../organizations/tenant';
import { gitInvoiceBases, gitInvoiceOccasions, type gitMembers } from '../git.tables';

// What a sync works on: the target club account, the chosen occasion and its invoice bases.

export type BasisRow = typeof gitInvoiceBases.$inferSelect;
export type OccasionRow = typeof gitInvoiceOccasions.$inferSelect;
export type MemberRow = typeof gitMembers.$inferSelect;

export interface GitSyncSelection {
  /** The portal id of the invoice occasion (manual syncs). */
  occasionId?: string;
  /** Portal ids of chosen bases of that occasion. */
  basisIds?: string[];
  targetClubAccountId?: string | null;
}

// ---- selection ---------------------------------------------------------------------------------

/**
 * The target club account: the one asked for, else the API configuration's `club_to_sync`, else
 * (for a user, who sees it named in the sync dialog before starting) the GIT club account itself,
 * the same default the bases list shows sync states against (`listTargetOf`). A user (`caller`)
 * may only sync into a club account they were given, whichever named it; a run without a user
 * (the scheduler) needs `club_to_sync`, and it to be the organisation's. 404 otherwise.
 */
export async function resolveTarget(
  app: FastifyInstance,
  gitTarget: MirrorTarget,
  requested: string | null | undefined,
  caller: ClubAccountReach | null,
): Promise<MirrorTarget> {
  return (await resolveTargetOf(app, gitTarget, requested, caller)).target;
}

/** `resolveTarget`, and whether the API configuration named it. */
export async function resolveTargetOf(
  app: FastifyInstance,
  gitTarget: MirrorTarget,
  requested: string | null | undefined,
  caller: ClubAccountReach | null,
): Promise<{ target: MirrorTarget; configured: boolean }> {
  const configured = requested ? null : (await getConfiguration(app.db, gitTarget, 'api')).club_to_sync;
  const id = requested ?? configured ?? (caller ? gitTarget.clubAccountId : null);
  if (!id) throw settingRequired('api', 'club_to_sync', encodeMessage('club_to_sync_required'));
  if (caller) return { target: reachableClubAccount(caller, id), configured: !!configured };
  const [row] = await app.db
    .select({ id: clubAccounts.id })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, id), eq(clubAccounts.organisationId, gitTarget.organisationId)));
  if (!row) throw new NotFoundError('gitSync.targetNotFound');
  return { target: { organisationId: gitTarget.organisationId, clubAccountId: id }, configured: !!configured };
}

export async function findOccasion(app: FastifyInstance, gitTarget: MirrorTarget, id: string): Promise<OccasionRow> {
  const [row] = await app.db
    .select()
    .from(gitInvoiceOccasions)
    .where(
      and(
        eq(gitInvoiceOccasions.organisationId, gitTarget.organisationId),
        eq(gitInvoiceOccasions.clubAccountId, gitTarget.clubAccountId),
        eq(gitInvoiceOccasions.id, id),
      ),
    );
  if (!row) throw new NotFoundError('git.occasionNotFound');
  return row;
}

/** The bases of the occasions (optionally only some, by GIT id), in GIT's order. */
export async function basesOf(
  app: FastifyInstance,
  gitTarget: MirrorTarget,
  occasionGitIds: string[],
  basisGitIds: string[] | null,
): Promise<BasisRow[]> {
  if (occasionGitIds.length === 0) return [];
  const conditions: SQL[] = [
    eq(gitInvoiceBases.organisationId, gitTarget.organisationId),
    eq(gitInvoiceBases.clubAccountId, gitTarget.clubAccountId),
    inArray(gitInvoiceBases.occasionGitId, occasionGitIds),
  ];
  if (basisGitIds) {
    const out: BasisRow[] = [];
    for (let i = 0; i < basisGitIds.length; i += 5000) {
      out.push(
        ...(await app.db
          .select()
          .from(gitInvoiceBases)
          .where(and(...conditions, inArray(gitInvoiceBases.gitId, basisGitIds.slice(i, i + 5000))))),
      );
    }
    return out.sort((a, b) => a.number - b.number);
  }
  return app.db
    .select()
    .from(gitInvoiceBases)
    .where(and(...conditions))
    .orderBy(asc(gitInvoiceBases.number));
}

/** The chosen bases of a manual selection: every id must be a basis of the occasion, else 404. */
export async function selectionOf(app: FastifyInstance, gitTarget: MirrorTarget, selection: GitSyncSelection) {
  if (!selection.occasionId) throw new NotFoundError('git.occasionNotFound');
  const occasion = await findOccasion(app, gitTarget, selection.occasionId);
  let basisGitIds: string[] | null = null;
  if (selection.basisIds) {
    const ids = [...new Set(selection.basisIds)];
    const found: string[] = [];
    for (let i = 0; i < ids.length; i += 5000) {
      const rows = await app.db
        .select({ gitId: gitInvoiceBases.gitId })
        .from(gitInvoiceBases)
        .where(
          and(
            eq(gitInvoiceBases.organisationId, gitTarget.organisationId),
            eq(gitInvoiceBases.clubAccountId, gitTarget.clubAccountId),
            eq(gitInvoiceBases.occasionGitId, occasion.gitId),
            inArray(gitInvoiceBases.id, ids.slice(i, i + 5000)),
          ),
        );
      found.push(...rows.map((r) => r.gitId));
    }
    if (found.length !== ids.length) throw new NotFoundError('gitSync.basisNotFound');
    basisGitIds = found;
  }
  return { occasionGitIds: [occasion.gitId], basisGitIds };
}
