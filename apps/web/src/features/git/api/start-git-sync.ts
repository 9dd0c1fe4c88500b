import type { GitTransaction } from '@fairway/shared';
import { api } from '../../../lib/api-client';
import type { SyncBody } from './sync-types';

/**
 * POST git/sync: queues the sync of the bases to the target's accounting program and answers the
 * run (a run already queued or running for this GIT club account is answered instead, so a
 * second click joins it). Silent: the dialog shows a refusal in place.
 */
export async function startGitSync(body: SyncBody): Promise<GitTransaction> {
  return await api.post<GitTransaction>('git/sync', body, { silent: true });
}
