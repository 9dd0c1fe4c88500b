import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';

/**
 * The run engine's SQL over a run table: the lifecycle columns every run table shares (see
 * run-columns.ts). The engine works on runs by id, across tenants, as pg-boss does with jobs; what
 * a run reads and writes for its tenant stays in its module's repository.
 */
export interface RunTable {
  table: PgTable;
  /** A table several kinds share (git_transactions): the column that tells them apart, and this kind's value. */
  kind?: { column: string; value: string };
}

export interface RunState {
  id: string;
  organisationId: string;
  clubAccountId: string;
  status: string;
  attempts: number;
  lease: string | null;
  /** Whether its heartbeat is younger than the stale threshold. */
  beating: boolean;
  /** Whether an earlier attempt or turn started it: what that did is in its stored progress. */
  started: boolean;
}

export type ClaimOutcome =
  | { outcome: 'started'; run: RunState }
  /** Finished, or no such run. */
  | { outcome: 'gone' }
  /** Running in a worker that is alive: this is a duplicate job. */
  | { outcome: 'live' }
  /** Another run of the same kind and club account is running. */
  | { outcome: 'busy' }
  /** Started as often as its kind allows: failed now. */
  | { outcome: 'exhausted'; run: RunState };

type Row = Record<string, unknown>;

/** Rows of a raw statement (the Drizzle handle types them loosely across both drivers). */
async function query(conn: Db | Tx, statement: SQL): Promise<Row[]> {
  const result = await conn.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

const name = (t: RunTable) => sql.identifier(getTableName(t.table));
const ofKind = (t: RunTable): SQL => (t.kind ? sql` and ${sql.identifier(t.kind.column)} = ${t.kind.value}` : sql``);
const staleAfter = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
const lastSign = sql`coalesce(heartbeat_at, started_at, created_at)`;

function toState(row: Row): RunState {
  return {
    id: String(row.id),
    organisationId: String(row.organisation_id),
    clubAccountId: String(row.club_account_id),
    status: String(row.status),
    attempts: Number(row.attempts),
    lease: (row.lease as string | null) ?? null,
    beating: row.beating === true,
    started: row.started === true,
  };
}

const columns = (staleSeconds: number) =>
  sql`id, organisation_id, club_account_id, status, attempts, lease, (${lastSign} > ${staleAfter(staleSeconds)}) as beating,
      (started_at is not null) as started`;

/** The run's lifecycle state, or null when there is no such run of the kind. */
export async function readRunState(db: Db, t: RunTable, runId: string, staleSeconds: number): Promise<RunState | null> {
  const result = await query(db, sql`select ${columns(staleSeconds)} from ${name(t)} where id = ${runId}${ofKind(t)}`);
  const row = result[0];
  return row ? toState(row) : null;
}

/**
 * Starts a queued run, or takes over a running one whose worker died, under a transaction lock
 * of its kind and club account so that two workers never both start a run of the same club
 * account. The start takes a new lease and counts an attempt.
 */
export async function claimRun(
  db: Db,
  t: RunTable,
  lockKey: string,
  runId: string,
  options: { staleSeconds: number; maxAttempts: number; lease: string },
): Promise<ClaimOutcome> {
  return db.transaction(async (tx) => {
    const found = await query(
      tx,
      sql`select ${columns(options.staleSeconds)} from ${name(t)} where id = ${runId}${ofKind(t)} for update`,
    );
    const row = found[0];
    if (!row) return { outcome: 'gone' };
    const run = toState(row);
    if (run.status !== 'queued' && run.status !== 'running') return { outcome: 'gone' };
    if (run.status === 'running' && run.beating) return { outcome: 'live' };
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const other = await query(
      tx,
      sql`select id from ${name(t)} where club_account_id = ${run.clubAccountId}${ofKind(t)} and status = 'running'
          and id <> ${run.id} and ${lastSign} > ${staleAfter(options.staleSeconds)} limit 1`,
    );
    if (other.length > 0) return { outcome: 'busy' };
    if (run.attempts >= options.maxAttempts) return { outcome: 'exhausted', run };
    const started = await query(
      tx,
      sql`update ${name(t)} set status = 'running', lease = ${options.lease}, attempts = attempts + 1,
          heartbeat_at = now(), started_at = coalesce(started_at, now()), finished_at = null
          where id = ${run.id} returning attempts`,
    );
    return {
      outcome: 'started',
      run: { ...run, status: 'running', lease: options.lease, attempts: Number(started[0]?.attempts) },
    };
  });
}

/** Renews the heartbeat of the lease's run; false when the lease no longer holds the run. */
export async function beat(db: Db, t: RunTable, runId: string, lease: string): Promise<boolean> {
  const result = await query(
    db,
    sql`update ${name(t)} set heartbeat_at = now() where id = ${runId} and lease = ${lease} and status = 'running' returning id`,
  );
  return result.length > 0;
}

/**
 * Ends the lease's hold of a run: `succeeded` or `failed` for good, or `queued` again for a
 * retry. Without a lease (a run no worker holds) only a queued or dead running run is ended.
 * False when the run was not the lease's (any more).
 */
export async function settleRun(
  db: Db,
  t: RunTable,
  runId: string,
  lease: string | null,
  status: 'succeeded' | 'failed' | 'queued',
  error: string | null,
): Promise<boolean> {
  const holder = lease === null ? sql`lease is null` : sql`lease = ${lease}`;
  const result = await query(
    db,
    sql`update ${name(t)} set status = ${status}, error = ${error}, lease = null, heartbeat_at = now(),
        finished_at = ${status === 'queued' ? null : sql`now()`}
        where id = ${runId} and status in ('queued', 'running') and ${holder} returning id`,
  );
  return result.length > 0;
}

/**
 * Ends the lease's turn at a run that is not finished: queued again, with the attempt the turn
 * counted given back (a turn passed to a waiting run is no fault). False when the run was not the
 * lease's (any more).
 */
export async function passTurn(db: Db, t: RunTable, runId: string, lease: string): Promise<boolean> {
  const result = await query(
    db,
    sql`update ${name(t)} set status = 'queued', lease = null, heartbeat_at = now(), attempts = greatest(attempts - 1, 0)
        where id = ${runId} and status = 'running' and lease = ${lease} returning id`,
  );
  return result.length > 0;
}

/** Running runs of the kind whose worker stopped beating. */
export async function deadRuns(db: Db, t: RunTable, staleSeconds: number): Promise<RunState[]> {
  const result = await query(
    db,
    sql`select ${columns(staleSeconds)} from ${name(t)}
        where status = 'running'${ofKind(t)} and ${lastSign} <= ${staleAfter(staleSeconds)} limit 100`,
  );
  return result.map(toState);
}

/**
 * Hands a dead run back to the queue, unless its worker beat again or another sweep was first:
 * its lease is dropped, so a worker that was only silent finds the run taken and stops.
 */
export async function requeueDeadRun(db: Db, t: RunTable, run: RunState, staleSeconds: number): Promise<boolean> {
  const holder = run.lease === null ? sql`lease is null` : sql`lease = ${run.lease}`;
  const result = await query(
    db,
    sql`update ${name(t)} set status = 'queued', lease = null, heartbeat_at = now()
        where id = ${run.id} and status = 'running' and ${holder} and ${lastSign} <= ${staleAfter(staleSeconds)} returning id`,
  );
  return result.length > 0;
}

/**
 * Queued runs untouched for `seconds` (their job may have been lost with a process that died
 * between writing the run and queueing its job): touched, so each is answered once per period.
 */
export async function claimForgottenQueuedRuns(db: Db, t: RunTable, seconds: number): Promise<string[]> {
  const result = await query(
    db,
    sql`update ${name(t)} set heartbeat_at = now()
        where id in (select id from ${name(t)} where status = 'queued'${ofKind(t)}
                     and ${lastSign} <= ${staleAfter(seconds)} limit 100)
        returning id`,
  );
  return result.map((r) => String(r.id));
}

/**
 * For a kind's own "is one under way?" queries: queued, or running with a live worker. A run
 * whose worker died is not under way; a new request does not join it (the sweep resumes it).
 */
export function underWay(t: RunTable, staleSeconds: number): SQL {
  const col = (c: string) => sql`${name(t)}.${sql.identifier(c)}`;
  const sign = sql`coalesce(${col('heartbeat_at')}, ${col('started_at')}, ${col('created_at')})`;
  return sql`(${col('status')} = 'queued' or (${col('status')} = 'running' and ${sign} > ${staleAfter(staleSeconds)}))`;
}
