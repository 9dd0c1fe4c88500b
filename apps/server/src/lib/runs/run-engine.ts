import { randomUUID } from 'node:crypto';
import type { EventResource } from '@fairway/shared';
import { sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client';
import type { LogEventInput } from '../../modules/eventlogs/eventlogs.service';
import { AppError } from '../errors';
import type { MessageKey, MessageParams } from '../i18n';
import type { Jobs, QueueOptions, WorkOptions } from '../jobs';
import {
  beat,
  claimForgottenQueuedRuns,
  claimRun,
  deadRuns,
  passTurn,
  type RunState,
  type RunTable,
  readRunState,
  requeueDeadRun,
  settleRun,
} from './run-store';

/**
 * One life cycle for every long-running job (mirror refreshes, GIT refresh / sync / report-back,
 * and whatever comes next): a run is a row in its kind's table, worked by a pg-boss job that
 * carries only its id.
 *
 * - Start: under a lock of the kind and club account (one live run of a kind per club account),
 *   taking a new lease and counting an attempt.
 * - Heartbeat: while the run works, a timer renews `heartbeat_at`; progress writes renew it too.
 * - Death: a running run whose heartbeat is older than RUN_STALE_SECONDS has lost its worker. A
 *   new request does not join it, and the sweep (worker processes, at start and then every few
 *   seconds) hands it back to the queue; the next attempt resumes from what the run stored (its
 *   checkpoint, or its module's own ledger).
 * - Taken over: a worker whose lease was replaced (it fell silent and the run was handed on)
 *   stops at its next beat or progress write, without touching the run.
 * - Turns: a long run (a first refresh of a large company, a big scan) that has worked
 *   RUN_TURN_SECONDS lets a waiting run of its kind (another club's, as urgent or more) have the
 *   worker at its next `checkTurn`: it is queued again behind it, with no attempt counted, and the
 *   next turn goes on from its stored progress. So a club that just connected its program waits
 *   seconds for a worker, not the minutes of another club's first refresh.
 * - End: succeeded, or after an error queued again with backoff (a transient fault, while
 *   attempts are left) or failed; each outcome writes an event-log line.
 */

export type RunOutcome = 'succeeded' | 'retry' | 'failed' | 'busy' | 'live' | 'gone' | 'taken-over' | 'turn-passed' | 'stopped';

export interface RunResult {
  /** The event-log line of the success (none for a quiet run, e.g. a scheduled one with nothing new). */
  event?: Pick<LogEventInput, 'activity' | 'params' | 'type' | 'invoice'> | null;
}

/** What a run's work sees of its run. */
export interface RunContext<TTable extends PgTable> {
  id: string;
  organisationId: string;
  clubAccountId: string;
  /** 1 for the first start; more after retries and resumes. */
  attempt: number;
  /** An earlier attempt was cut short (crash, fault): what it did is in the run's stored progress. */
  resumed: boolean;
  /** No attempt follows this one. */
  lastAttempt: boolean;
  /** Aborted when the run is taken over, or when its process shuts down. */
  signal: AbortSignal;
  /**
   * Throws when the run was taken over or its process shuts down (the run is then queued again):
   * check between steps that call other systems.
   */
  throwIfTakenOver(): void;
  /**
   * Between steps of a long run, where a new attempt can go on from what is stored: throws when
   * the run was taken over, and, once this turn has lasted RUN_TURN_SECONDS and a run of the kind
   * at least as urgent waits for a worker, calls `save` (progress not yet stored) and ends the
   * attempt so the waiting run gets the worker (the engine queues this one again).
   */
  checkTurn(save?: () => Promise<void>): Promise<void>;
  /** Writes progress (and the heartbeat) while the run is this worker's; throws when it was taken over. */
  save(values: PgUpdateSetSource<TTable>): Promise<void>;
}

export interface RunKind<TTable extends PgTable = PgTable, TOptions = undefined> {
  /** Stable name: the lock's and the logs'. */
  name: string;
  queue: string;
  store: RunTable & { table: TTable };
  /** Starts a run may have (first start included) before it fails for good. */
  maxAttempts: number;
  queueOptions?: QueueOptions;
  workOptions?: WorkOptions;
  eventResource: EventResource;
  /** Event-log lines: a retry after a fault, a resume after its worker died, a final failure. */
  events: { retrying: MessageKey; resumed: MessageKey; failed: MessageKey };
  /**
   * What those three lines say about the run beside the engine's own params (e.g. an export's
   * period), read from its row; without it they carry the engine's params only.
   */
  eventParams?(app: FastifyInstance, run: RunState): Promise<MessageParams> | MessageParams;
  /** The work; a resumed attempt goes on from what the run stored. Throws to retry or fail. */
  execute(app: FastifyInstance, run: RunContext<TTable>, options: TOptions | undefined): Promise<RunResult | undefined>;
  /** Whether another attempt may help (a transient fault); otherwise the run fails at once. */
  retryable(error: unknown): boolean;
  /** The reason stored on the run and shown to people. */
  reasonOf(app: FastifyInstance, error: unknown, run: RunState): Promise<string> | string;
}

/** Thrown inside a run whose lease was taken by another worker: it stops without writing. */
export class RunTakenOverError extends Error {
  constructor(runId: string) {
    super(`run ${runId} was taken over by another worker`);
    this.name = 'RunTakenOverError';
  }
}

/** Thrown by `checkTurn` to end an attempt whose turn is over; the engine queues the run again. */
class TurnPassed extends Error {
  constructor(runId: string) {
    super(`run ${runId} passed its turn to a waiting run`);
    this.name = 'TurnPassed';
  }
}

/** Ends the attempts of a process that is shutting down (RunEngine.stop): each run is queued again. */
class ProcessStopping extends Error {
  constructor() {
    super('the process is shutting down');
    this.name = 'ProcessStopping';
  }
}

/** Why a run that kept dying with its worker was given up. */
export class RunAbandonedError extends AppError {
  readonly statusCode = 500;
  constructor(attempts: number) {
    super('runs.abandoned', { attempts });
  }
}

/**
 * How long a run that found another of its club account running waits before it looks again:
 * 2 s at first (a save's refresh behind a short one), doubling to a minute behind a long one.
 */
export const busyRetrySeconds = (waits: number) => Math.min(2 * 2 ** Math.min(waits, 5), 60);
/** Queued runs untouched this long are queued again (their job may have died with a process). */
export const FORGOTTEN_QUEUED_SECONDS = 10 * 60;

/** Backoff between attempts after a fault: 30 s, 1 min, 2 min … at most 10 min. */
export const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** Math.max(0, attempt - 1), 600);

export interface RunEngineDeps {
  db: Db;
  database: Pick<Database, 'tryHoldLock'>;
  jobs: Pick<Jobs, 'send' | 'createQueue' | 'work' | 'waiting'>;
  log: FastifyBaseLogger;
  staleSeconds: number;
  /** How long an attempt works before it lets a waiting run have its worker (RUN_TURN_SECONDS). */
  turnSeconds: number;
  /** Writes an event-log line without ever throwing (the event log's `logEventQuietly`). */
  logEvent(input: LogEventInput): Promise<void>;
}

/**
 * How urgent a queued run is: `person` when someone waits on a page for it (they pressed refresh,
 * they just connected the program), `background` for the schedule and follow-ups. A worker takes
 * the waiting person's run before any background run queued earlier, so a club's first refresh
 * never waits behind other clubs' nightly ones.
 */
export type RunUrgency = 'person' | 'background';
const JOB_PRIORITY: Record<RunUrgency, number> = { person: 10, background: 0 };

export interface EnqueueOptions {
  startAfterSeconds?: number;
  urgency?: RunUrgency;
  /** How often the run has found its club account busy (the engine's own re-queues). */
  waits?: number;
}

/** A run's job: the run, how often it has found its club account busy, and its urgency. */
interface RunJob {
  runId: string;
  waits?: number;
  urgency?: RunUrgency;
}

const runJob = (data: unknown): RunJob | null => {
  const { runId, waits, urgency } = (data ?? {}) as { runId?: unknown; waits?: unknown; urgency?: unknown };
  if (typeof runId !== 'string' || !/^[0-9a-f-]{36}$/i.test(runId)) return null;
  return {
    runId,
    waits: typeof waits === 'number' && waits >= 0 ? waits : 0,
    urgency: urgency === 'person' ? 'person' : 'background',
  };
};

export class RunEngine {
  private readonly kinds = new Map<string, RunKind<PgTable, unknown>>();
  private app: FastifyInstance | undefined;
  /** The attempts working in this process, each with the controller that ends it. */
  private readonly working = new Map<AbortController, Promise<unknown>>();
  private stopping = false;

  constructor(private readonly deps: RunEngineDeps) {}

  /**
   * At shutdown, before the job queue and the database close (plugins/runs.ts): every attempt
   * working here ends at its next step and its run is queued again with no attempt counted, so
   * the next process goes on from its stored progress at once (not after RUN_STALE_SECONDS) and
   * nothing writes to a closed database. Waits for them up to `timeoutMs`.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    for (const controller of this.working.keys()) if (!controller.signal.aborted) controller.abort(new ProcessStopping());
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled(this.working.values()), deadline]);
    clearTimeout(timer);
  }

  /** The heartbeat period: a few beats fit in the stale period, whatever it is set to. */
  get heartbeatMs(): number {
    return Math.max(200, Math.min(5_000, (this.deps.staleSeconds * 1000) / 6));
  }

  /** How often worker processes sweep for dead runs. */
  get sweepMs(): number {
    return Math.max(500, Math.min(30_000, (this.deps.staleSeconds * 1000) / 2));
  }

  get staleSeconds(): number {
    return this.deps.staleSeconds;
  }

  bind(app: FastifyInstance): void {
    this.app = app;
  }

  /** Registers a kind: its queue, and the job handler that attempts the job's run. */
  async register<TTable extends PgTable, TOptions>(kind: RunKind<TTable, TOptions>): Promise<void> {
    if (this.kinds.has(kind.name)) throw new Error(`Run kind "${kind.name}" is registered twice`);
    this.kinds.set(kind.name, kind as unknown as RunKind<PgTable, unknown>);
    await this.deps.jobs.createQueue(kind.queue, kind.queueOptions);
    await this.deps.jobs.work(
      kind.queue,
      async (job) => {
        const data = runJob(job.data);
        if (!data) return;
        await this.attemptJob(kind, data);
      },
      kind.workOptions,
    );
  }

  /** Queues the job of a run written by its module (after the commit that wrote it). */
  async enqueue(kind: Pick<RunKind, 'queue'>, runId: string, options: EnqueueOptions = {}): Promise<void> {
    const { startAfterSeconds, waits, urgency = 'background' } = options;
    const job: RunJob = { runId, ...(waits ? { waits } : {}), ...(urgency === 'person' ? { urgency } : {}) };
    await this.deps.jobs.send(kind.queue, job, {
      ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      ...(urgency === 'person' ? { priority: JOB_PRIORITY.person } : {}),
    });
  }

  /**
   * One attempt at a run, in this process (the job handler's, and in-process callers'). Never
   * throws for the run's own errors: those end as a retry or a failure of the run. An in-process
   * caller wants the run done: it takes no turns unless `takeTurns` (the job handler's attempts do).
   */
  attempt<TTable extends PgTable, TOptions>(
    kind: RunKind<TTable, TOptions>,
    runId: string,
    options?: TOptions,
    how: { takeTurns?: boolean } = {},
  ): Promise<RunOutcome> {
    return this.attemptJob(kind, { runId }, options, how.takeTurns === true);
  }

  private async attemptJob<TTable extends PgTable, TOptions>(
    kind: RunKind<TTable, TOptions>,
    { runId, waits = 0, urgency = 'background' }: RunJob,
    options?: TOptions,
    takeTurns = true,
  ): Promise<RunOutcome> {
    const { db, database, staleSeconds } = this.deps;
    const peek = await readRunState(db, kind.store, runId, staleSeconds);
    if (!peek || (peek.status !== 'queued' && peek.status !== 'running')) return 'gone';
    if (peek.status === 'running' && peek.beating) return 'live';
    const lockKey = `run:${kind.name}:${peek.clubAccountId}`;
    // Held for the whole attempt on its own session: a worker that is alive keeps it, one that
    // died (even by SIGKILL) lets it go with its connection. So two live workers never work
    // runs of the same kind and club account at once, whatever the heartbeats say.
    const lock = await database.tryHoldLock(lockKey);
    if (!lock) return this.later(kind, runId, waits, urgency);
    try {
      // Not the held lock's key: the session that holds that one is not the transaction's.
      const claim = await claimRun(db, kind.store, `run-start:${kind.name}:${peek.clubAccountId}`, runId, {
        staleSeconds,
        maxAttempts: kind.maxAttempts,
        lease: randomUUID(),
      });
      if (claim.outcome === 'busy') return this.later(kind, runId, waits, urgency);
      if (claim.outcome === 'exhausted') {
        await this.abandon(kind, claim.run);
        return 'failed';
      }
      if (claim.outcome !== 'started') return claim.outcome;
      return await this.work(kind, claim.run, options, takeTurns ? urgency : null);
    } finally {
      await lock.release();
    }
  }

  /**
   * Hands every dead run back to the queue (its next attempt resumes it), or fails it when it has
   * no attempts left; queues again runs whose job was lost. Worker processes call it at start
   * and then every `sweepMs`; it is safe in several processes at once.
   */
  async sweep(): Promise<{ resumed: number; abandoned: number; requeued: number }> {
    const { db, staleSeconds } = this.deps;
    const totals = { resumed: 0, abandoned: 0, requeued: 0 };
    for (const kind of this.kinds.values()) {
      for (const run of await deadRuns(db, kind.store, staleSeconds)) {
        if (run.attempts >= kind.maxAttempts) {
          if (await this.abandon(kind, run)) totals.abandoned++;
          continue;
        }
        if (!(await requeueDeadRun(db, kind.store, run, staleSeconds))) continue;
        totals.resumed++;
        this.deps.log.warn({ run: run.id, kind: kind.name, attempts: run.attempts }, 'run lost its worker; resuming it');
        await this.enqueue(kind, run.id);
        await this.event(kind, run, { activity: kind.events.resumed, params: { attempt: run.attempts + 1 }, type: 'INFO' });
      }
      for (const runId of await claimForgottenQueuedRuns(db, kind.store, FORGOTTEN_QUEUED_SECONDS)) {
        totals.requeued++;
        await this.enqueue(kind, runId);
      }
    }
    return totals;
  }

  private async later<TTable extends PgTable, TOptions>(
    kind: RunKind<TTable, TOptions>,
    runId: string,
    waits: number,
    urgency: RunUrgency,
  ): Promise<'busy'> {
    await this.enqueue(kind, runId, { startAfterSeconds: busyRetrySeconds(waits), waits: waits + 1, urgency }).catch(
      (error: unknown) => {
        this.deps.log.error({ err: error, run: runId, kind: kind.name }, 'could not queue the waiting run again');
      },
    );
    return 'busy';
  }

  private async abandon<TTable extends PgTable, TOptions>(kind: RunKind<TTable, TOptions>, run: RunState): Promise<boolean> {
    const reason = await kind.reasonOf(this.requireApp(), new RunAbandonedError(run.attempts), run);
    if (!(await settleRun(this.deps.db, kind.store, run.id, run.lease, 'failed', reason))) return false;
    this.deps.log.error({ run: run.id, kind: kind.name, attempts: run.attempts }, 'run abandoned after its attempts');
    await this.event(kind, run, { activity: kind.events.failed, error: reason, type: 'ERROR' });
    return true;
  }

  private async work<TTable extends PgTable, TOptions>(
    kind: RunKind<TTable, TOptions>,
    run: RunState,
    options: TOptions | undefined,
    /** The urgency its turns are taken at; null: no turns. */
    urgency: RunUrgency | null,
  ): Promise<RunOutcome> {
    const { db, log, jobs, turnSeconds } = this.deps;
    const app = this.requireApp();
    const lease = run.lease as string;
    const controller = new AbortController();
    const lost = () => {
      if (!controller.signal.aborted) controller.abort(new RunTakenOverError(run.id));
    };
    if (this.stopping) controller.abort(new ProcessStopping());
    let done: () => void = () => {};
    this.working.set(controller, new Promise<void>((resolve) => (done = resolve)));
    const timer = setInterval(() => {
      beat(db, kind.store, run.id, lease).then(
        (held) => {
          if (!held) lost();
        },
        (error: unknown) => log.warn({ err: error, run: run.id }, 'run heartbeat failed'),
      );
    }, this.heartbeatMs);
    const table = kind.store.table as PgTable;
    // The turn ends after turnSeconds; past that, the queue is asked at most every few seconds.
    let askAt = Date.now() + turnSeconds * 1000;
    const context: RunContext<TTable> = {
      id: run.id,
      organisationId: run.organisationId,
      clubAccountId: run.clubAccountId,
      attempt: run.attempts,
      resumed: run.started,
      lastAttempt: run.attempts >= kind.maxAttempts,
      signal: controller.signal,
      throwIfTakenOver() {
        if (controller.signal.aborted) throw controller.signal.reason;
      },
      async checkTurn(save) {
        context.throwIfTakenOver();
        if (urgency === null || Date.now() < askAt) return;
        askAt = Date.now() + Math.min(5_000, turnSeconds * 1000);
        if (!(await jobs.waiting(kind.queue, JOB_PRIORITY[urgency]))) return;
        await save?.();
        context.throwIfTakenOver();
        throw new TurnPassed(run.id);
      },
      async save(values) {
        context.throwIfTakenOver();
        const saved = await db
          .update(table)
          .set({ ...(values as object), heartbeatAt: sql`now()` } as PgUpdateSetSource<PgTable>)
          .where(sql`id = ${run.id} and lease = ${lease}`)
          .returning({ id: sql<string>`id` });
        if (saved.length === 0) {
          lost();
          throw new RunTakenOverError(run.id);
        }
      },
    };
    try {
      const result = await kind.execute(app, context, options);
      clearInterval(timer);
      if (!(await settleRun(db, kind.store, run.id, lease, 'succeeded', null))) return 'taken-over';
      if (result?.event) await this.event(kind, run, result.event, false);
      return 'succeeded';
    } catch (error) {
      clearInterval(timer);
      if (controller.signal.reason instanceof ProcessStopping) {
        if (!(await passTurn(db, kind.store, run.id, lease))) return 'taken-over';
        log.info({ run: run.id, kind: kind.name }, 'run stopped with its process; queued again');
        // Picked up by the next worker; if the job is lost, the sweep queues it again.
        await this.enqueue(kind, run.id, { urgency: urgency ?? 'background' }).catch((e: unknown) =>
          log.error({ err: e, run: run.id }, 'could not queue the run stopped with its process'),
        );
        return 'stopped';
      }
      if (error instanceof RunTakenOverError || controller.signal.aborted) {
        log.warn({ run: run.id, kind: kind.name }, 'run taken over by another worker; this one stops');
        return 'taken-over';
      }
      if (error instanceof TurnPassed) {
        if (!(await passTurn(db, kind.store, run.id, lease))) return 'taken-over';
        log.info({ run: run.id, kind: kind.name }, 'run passed its turn to a waiting run');
        // Behind the waiting runs of its urgency; if the job is lost, the sweep queues it again.
        await this.enqueue(kind, run.id, { urgency: urgency ?? 'background' }).catch((e: unknown) =>
          log.error({ err: e, run: run.id }, 'could not queue the run after its turn'),
        );
        return 'turn-passed';
      }
      const reason = (await kind.reasonOf(app, error, run)).slice(0, 1000);
      const retry = kind.retryable(error) && run.attempts < kind.maxAttempts;
      log[retry ? 'warn' : 'error']({ err: error, run: run.id, kind: kind.name, attempt: run.attempts }, 'run failed');
      if (!(await settleRun(db, kind.store, run.id, lease, retry ? 'queued' : 'failed', reason))) return 'taken-over';
      if (retry) {
        await this.enqueue(kind, run.id, { startAfterSeconds: retryDelaySeconds(run.attempts) }).catch((e: unknown) =>
          // The sweep queues it again later (FORGOTTEN_QUEUED_SECONDS).
          log.error({ err: e, run: run.id }, 'could not queue the retry'),
        );
        await this.event(kind, run, {
          activity: kind.events.retrying,
          params: { attempt: run.attempts, attempts: kind.maxAttempts },
          error: reason,
          type: 'INFO',
        });
        return 'retry';
      }
      await this.event(kind, run, { activity: kind.events.failed, error: reason, type: 'ERROR' });
      return 'failed';
    } finally {
      clearInterval(timer);
      this.working.delete(controller);
      done();
    }
  }

  private async event<TTable extends PgTable, TOptions>(
    kind: RunKind<TTable, TOptions>,
    run: RunState,
    entry: Pick<LogEventInput, 'activity' | 'params' | 'error' | 'type' | 'invoice'>,
    /** The kind's own lines (retrying, resumed, failed) get the kind's params too. */
    lifecycle = true,
  ) {
    let own: MessageParams = {};
    if (lifecycle && kind.eventParams) {
      try {
        own = await kind.eventParams(this.requireApp(), run);
      } catch (error) {
        this.deps.log.warn({ err: error, run: run.id, kind: kind.name }, 'could not read the run for its event line');
      }
    }
    if (lifecycle) entry = { ...entry, params: { ...own, ...(entry.params ?? {}) } };
    await this.deps.logEvent({
      organisationId: run.organisationId,
      clubAccountId: run.clubAccountId,
      resource: kind.eventResource,
      ...entry,
    });
  }

  private requireApp(): FastifyInstance {
    if (!this.app) throw new Error('The run engine is not bound to the app');
    return this.app;
  }
}
