import { api } from '../../../lib/api-client';
import type { SyncBody, SyncPreflight } from './sync-types';

/**
 * POST git/sync/preflight: what a sync would do (bases to sync, already synced, customers to
 * create, GIT articles without an accounting article). Silent: the dialog shows the refusal
 * (e.g. no target club account) in place.
 */
export async function syncPreflight(body: SyncBody): Promise<SyncPreflight> {
  return await api.post<SyncPreflight>('git/sync/preflight', body, { silent: true });
}
