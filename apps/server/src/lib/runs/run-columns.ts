import { integer, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The columns the run engine (lib/runs/run-engine.ts) keeps on every run table, beside the
 * table's own `id`, `organisation_id`, `club_account_id`, `status`, `error` and `created_at`.
 */
export const runLifecycleColumns = () => ({
  /** Last sign of life of a running run: renewed by its worker's timer and by every progress write. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  /** How many times the run was started (first start, retries, resumes after a dead worker). */
  attempts: integer('attempts').notNull().default(0),
  /** Which start of the run owns it now; a worker whose lease was replaced has lost the run and stops. */
  lease: uuid('lease'),
  /** Where the run stands, for a resumed attempt to go on from (the kind decides what it holds). */
  checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>(),
  /** When the run's first attempt started, and when the run ended (succeeded or failed). */
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
