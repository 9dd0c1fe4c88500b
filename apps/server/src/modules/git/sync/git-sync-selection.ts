import { encodeMessage } from '@fairway/shared';
import { NotFoundError } from '../../../lib/errors';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { getConfiguration, settingRequired } from '../../configurations/configurations.service';
import { type ClubAccountReach, reachableClubAccount } from '../../organizations/tenant';
import type { GitDeps } from '../git.deps';
import { clubAccountOf, findOccasion as findOccasionRow } from '../git.repository';
import * as mirror from './git-sync-mirror.repository';

// What a sync works on: the target club account, the chosen occasion and its invoice bases.

export type { BasisRow, MemberRow, OccasionRow } from './git-sync-mirror.repository';

type Deps = Pick<GitDeps, 'db'>;

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
  app: Deps,
  gitTarget: MirrorTarget,
  requested: string | null | undefined,
  caller: ClubAccountReach | null,
): Promise<MirrorTarget> {
  return (await resolveTargetOf(app, gitTarget, requested, caller)).target;
}

/** `resolveTarget`, and whether the API configuration named it. */
export async function resolveTargetOf(
  app: Deps,
  gitTarget: MirrorTarget,
  requested: string | null | undefined,
  caller: ClubAccountReach | null,
): Promise<{ target: MirrorTarget; configured: boolean }> {
  const configured = requested ? null : (await getConfiguration(app.db, gitTarget, 'api')).club_to_sync;
  const id = requested ?? configured ?? (caller ? gitTarget.clubAccountId : null);
  if (!id) throw settingRequired('api', 'club_to_sync', encodeMessage('club_to_sync_required'));
  if (caller) return { target: reachableClubAccount(caller, id), configured: !!configured };
  if (!(await clubAccountOf(app.db, gitTarget.organisationId, id))) throw new NotFoundError('gitSync.targetNotFound');
  return { target: { organisationId: gitTarget.organisationId, clubAccountId: id }, configured: !!configured };
}

export async function findOccasion(app: Deps, gitTarget: MirrorTarget, id: string): Promise<mirror.OccasionRow> {
  const row = await findOccasionRow(app.db, gitTarget, id);
  if (!row) throw new NotFoundError('git.occasionNotFound');
  return row;
}

/** The bases of the occasions (optionally only some, by GIT id), in GIT's order. */
export function basesOf(
  app: Deps,
  gitTarget: MirrorTarget,
  occasionGitIds: string[],
  basisGitIds: string[] | null,
): Promise<mirror.BasisRow[]> {
  return mirror.basesOf(app.db, gitTarget, occasionGitIds, basisGitIds);
}

/** The chosen bases of a manual selection: every id must be a basis of the occasion, else 404. */
export async function selectionOf(app: Deps, gitTarget: MirrorTarget, selection: GitSyncSelection) {
  if (!selection.occasionId) throw new NotFoundError('git.occasionNotFound');
  const occasion = await findOccasion(app, gitTarget, selection.occasionId);
  let basisGitIds: string[] | null = null;
  if (selection.basisIds) {
    const ids = [...new Set(selection.basisIds)];
    const found = await mirror.basisGitIdsOf(app.db, gitTarget, occasion.gitId, ids);
    if (found.length !== ids.length) throw new NotFoundError('gitSync.basisNotFound');
    basisGitIds = found;
  }
  return { occasionGitIds: [occasion.gitId], basisGitIds };
}
