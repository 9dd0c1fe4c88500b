import type { GitBasisSync } from '@fairway/shared';
import { encodeFailure, renderFailure } from '../../../lib/failure';
import type { Lang } from '../../../lib/i18n';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { getConfiguration } from '../../configurations/configurations.service';
import type { GitDeps } from '../git.deps';
import * as repo from './git-sync.repository';

// The states of a basis's sync item (git-sync.tables.ts): which count as invoiced, how a failure
// is stored, and what the bases list shows.

/** The item has an invoice in the program. */
export const DONE_STATES = new Set(['synced', 'sending', 'sent', 'paused', 'credited']);

export function isInvoiced(item: repo.GitSyncItemRow | undefined): boolean {
  return !!item && DONE_STATES.has(item.state);
}

// A failure stored on an item: lib/failure.ts, rendered per reader.
export { encodeFailure, renderFailure };

// ---- the bases list's sync state ------------------------------------------------------------------------

const SHOWN: Record<string, GitBasisSync['state']> = {
  pending: 'not_synced',
  customer_ready: 'not_synced',
  creating: 'not_synced',
  synced: 'synced',
  sending: 'synced',
  sent: 'sent',
  failed: 'failed',
  paused: 'paused',
  credited: 'synced',
};

/** The states of the bases list's `sync` filter, as item states. */
export function itemStatesFor(state: GitBasisSync['state']): string[] {
  return Object.entries(SHOWN)
    .filter(([, shown]) => shown === state)
    .map(([s]) => s);
}

/** The item states shown as anything but `state` (e.g. every state past `not_synced`). */
export function itemStatesBeyond(state: GitBasisSync['state']): string[] {
  return Object.entries(SHOWN)
    .filter(([, shown]) => shown !== state)
    .map(([s]) => s);
}

/** The target whose items the bases list shows: the API configuration's club_to_sync, or the GIT club account itself. */
export async function listTargetOf(app: Pick<GitDeps, 'db'>, gitTarget: MirrorTarget): Promise<string> {
  return (await getConfiguration(app.db, gitTarget, 'api')).club_to_sync ?? gitTarget.clubAccountId;
}

export async function syncStatesOf(
  app: Pick<GitDeps, 'db'>,
  gitTarget: MirrorTarget,
  basisGitIds: string[],
  lang: Lang,
): Promise<Map<string, GitBasisSync>> {
  const targetId = await listTargetOf(app, gitTarget);
  const items = await repo.itemsOf(app.db, gitTarget, targetId, basisGitIds);
  const out = new Map<string, GitBasisSync>();
  for (const id of basisGitIds) {
    const item = items.get(id);
    out.set(id, {
      state: item ? (SHOWN[item.state] ?? 'not_synced') : 'not_synced',
      invoiceNumber: item?.invoiceNumber ?? null,
      error: renderFailure(item?.lastError ?? null, lang),
    });
  }
  return out;
}

export const notSynced: GitBasisSync = { state: 'not_synced', invoiceNumber: null, error: null };
