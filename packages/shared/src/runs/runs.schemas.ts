import { z } from 'zod';

/**
 * Where a run of the server's run engine stands (apps/server/src/lib/runs/run-engine.ts): waiting
 * for a worker, being worked, or ended. Every long-running job's status in the API is one of these.
 */
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const runStatusSchema = z.enum(RUN_STATUSES);

/** Whether a run has ended (nothing more will happen to it unless it is asked for again). */
export const isRunFinished = (status: RunStatus) => status === 'succeeded' || status === 'failed';
