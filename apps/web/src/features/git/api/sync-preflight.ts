import { api } from '../../../lib/api-client';
import type { SyncPreflight, SyncSelection } from './sync-types';

/**
 * POST git/sync/preflight: what a sync would do (the club account it goes to, bases to sync and to
 * follow up, customers to create, GIT articles without an accounting article, how each invoice is
 * booked and sent). Silent: the dialog shows a refusal in place.
 */
export async function syncPreflight(body: SyncSelection): Promise<SyncPreflight> {
  return await api.post<SyncPreflight>('git/sync/preflight', body, { silent: true });
}
