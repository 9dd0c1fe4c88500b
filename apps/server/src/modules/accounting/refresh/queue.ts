import type { FastifyInstance } from 'fastify';
import type { MirrorTarget } from '../mirror/mirror';
import * as repo from './refresh.repository';

/**
 * Asking for a refresh, apart from the refresh itself (refresh.service.ts): whoever prompts one
 * (a new connection, a write, the schedule, a person) needs only this file, which depends on
 * nothing that reads the program, so the connection side can queue a refresh without an import
 * cycle back through the refresh to `accountingFor`.
 */
export const MIRROR_REFRESH_QUEUE = 'accounting.refresh';

export type RefreshTrigger = 'initial' | 'scheduled' | 'manual' | 'after_write';

/**
 * Asks for a refresh of a club account's mirror. A run already waiting is joined instead of
 * queueing a second one. Call after the commit of whatever prompted it.
 */
export async function queueMirrorRefresh(app: FastifyInstance, target: MirrorTarget, trigger: RefreshTrigger): Promise<string> {
  const urgency = trigger === 'scheduled' ? 'background' : 'person';
  const queued = await repo.findQueuedRun(app.db, target);
  if (queued) {
    // A person joining a run the schedule queued lifts it ahead of the background work: a second
    // job for the same run, which the engine starts once (lib/runs/run-engine.ts).
    if (urgency === 'person') await app.runs.enqueue({ queue: MIRROR_REFRESH_QUEUE }, queued.id, { urgency });
    return queued.id;
  }
  const run = await repo.insertRun(app.db, target, trigger);
  await app.runs.enqueue({ queue: MIRROR_REFRESH_QUEUE }, run.id, { urgency });
  return run.id;
}
