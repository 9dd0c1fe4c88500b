import { isDeepStrictEqual } from 'node:util';
import { storableText } from '@fairway/shared';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { asSchemaOwner } from '../db/tenant-context';
import { runAsBackground } from './work-priority';

/** A job as handlers see it, with its retry count and limit (a handler can tell its last attempt). */
export type Job<T extends object = object> = PgBoss.JobWithMetadata<T>;
export type JobHandler<T extends object = object> = (job: Job<T>) => Promise<unknown> | unknown;
export type SendOptions = Omit<PgBoss.SendOptions, 'db'>;
export type QueueOptions = Omit<PgBoss.Queue, 'name'>;
export interface WorkOptions {
  /** How often an idle worker looks for new jobs (pg-boss' minimum is 0.5 s; default 2 s). */
  pollingIntervalSeconds?: number;
  /**
   * Jobs of the queue this process works on at once (default 1). For queues whose jobs wait on
   * other systems, so one tenant's long job does not hold up everyone else's.
   */
  concurrency?: number;
}

/**
 * Defaults for every queue: jobs are retried with backoff (docs/architecture.md#jobs) and kept for a
 * week so the event log can show them.
 */
const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  retentionMinutes: 7 * 24 * 60,
};

/** A queue's settings as pg-boss keeps them (its `queue` table), to tell whether ours differ. */
interface StoredQueue {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
}

/** A cron schedule as pg-boss keeps it (its `schedule` table). */
interface StoredSchedule {
  name: string;
  cron: string;
  timezone: string | null;
  data: unknown;
  options: unknown;
}

function sameQueueSettings(stored: StoredQueue, wanted: QueueOptions): boolean {
  return (
    stored.policy === (wanted.policy ?? 'standard') &&
    stored.retry_limit === (wanted.retryLimit ?? null) &&
    stored.retry_delay === (wanted.retryDelay ?? null) &&
    stored.retry_backoff === (wanted.retryBackoff ?? null) &&
    stored.expire_seconds === (wanted.expireInSeconds ?? null) &&
    stored.retention_minutes === (wanted.retentionMinutes ?? null) &&
    stored.dead_letter === (wanted.deadLetter ?? null)
  );
}

const DEFAULT_POLLING_SECONDS = 2;

/**
 * How long after the workers the cron clock starts (`Jobs.clock`). A schedule due meanwhile is not
 * missed: the clock sends every schedule whose last due time is less than a minute ago.
 */
const CLOCK_DELAY_MS = 5_000;

interface Registration {
  handler: JobHandler<object>;
  options: WorkOptions;
}

export interface JobsOptions {
  database: Database;
  /** Run handlers in this process (RUN_WORKERS); otherwise it only queues. */
  runWorkers: boolean;
  logger: FastifyBaseLogger;
  /** PostgreSQL schema of pg-boss' tables. */
  schema?: string;
  /** Milliseconds from the workers' start to the cron clock's (tests); CLOCK_DELAY_MS unless set. */
  clockDelayMs?: number;
}

/**
 * pg-boss keeps a job's result or error in a jsonb column, and does not await that write
 * (pg-boss/src/manager.js, `watch`): a value PostgreSQL refuses there (text with NUL or a lone
 * surrogate, e.g. a provider's or a driver's error text) would be an unhandled rejection instead
 * of a finished job. So what it gets is always storable: no result, and for a failure a plain
 * object with the error's cleaned name and message (the stack and causes stay in the log).
 */
function storableFailure(error: unknown): { name: string; message: string } {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return { name: storableText(name).slice(0, 200), message: storableText(message).slice(0, 2000) };
}

/**
 * Durable background jobs on pg-boss, over the same database as everything else (PGlite or
 * PostgreSQL) so a job queued before a restart still runs after it.
 *
 * Modules call `work()` while they register; handlers start once the app is ready, and only in a
 * process that runs workers. `send()` works everywhere. Queue jobs after the database commit: on
 * PGlite, a `send()` awaited inside a Drizzle transaction would wait for that transaction forever.
 */
export class Jobs {
  readonly boss: PgBoss;
  readonly runWorkers: boolean;
  private readonly logger: FastifyBaseLogger;
  private readonly database: Database;
  private readonly schema: string;
  private readonly registrations = new Map<string, Registration>();
  private readonly queues = new Map<string, Promise<void>>();
  /** What the database held when this process started: queues and schedules made by an earlier start. */
  private stored: { queues: Map<string, StoredQueue>; schedules: Map<string, StoredSchedule> } = {
    queues: new Map(),
    schedules: new Map(),
  };
  private state: 'new' | 'started' | 'working' | 'stopping' | 'stopped' = 'new';
  /**
   * Registered queues whose workers have not started, because none of their jobs was due when the
   * workers started. A worker's first look at its queue is costly on a fresh PGlite (its
   * partition's catalog is read, some 25 ms a queue of the one thread), and thirty idle workers
   * look every two seconds. So one statement looks at every dormant queue instead, at start and
   * every polling interval, and a worker starts when it finds a job due there, or when this
   * process queues one; once started it stays.
   */
  private readonly dormant = new Set<string>();
  private lookTimer: NodeJS.Timeout | undefined;
  /**
   * pg-boss' cron clock (its timekeeper), in a pg-boss instance of its own, only where workers
   * run. It starts a little after the workers (`clockDelayMs`), not with the queue: its start reads
   * the database's clock, makes its queue and worker, and works out every schedule's last due time
   * (some 100 ms of this thread in a fresh process, with time zones), none of which the server's
   * start needs to wait for.
   */
  private readonly clock: PgBoss | undefined;
  private readonly clockDelayMs: number;
  private clockTimer: NodeJS.Timeout | undefined;
  private clockStarting: Promise<void> | undefined;
  private looking: Promise<void> | undefined;
  /** Dormant workers being started: stop() lets them start before pg-boss stops them. */
  private readonly starting = new Set<Promise<void>>();
  /** pg-boss' statements and the handlers' runs not yet settled: stop() waits for them. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(options: JobsOptions) {
    this.runWorkers = options.runWorkers;
    this.logger = options.logger;
    const { database } = options;
    this.database = database;
    this.schema = options.schema ?? 'pgboss';
    this.clockDelayMs = options.clockDelayMs ?? CLOCK_DELAY_MS;
    const db = { executeSql: (text: string, values?: unknown[]) => this.track(database.executeSql(text, values)) };
    this.boss = new PgBoss({
      db,
      schema: this.schema,
      migrate: true,
      // Maintenance (expiry, archiving) belongs to worker processes; so does the cron clock (below).
      supervise: options.runWorkers,
      schedule: false,
    });
    this.clock = options.runWorkers
      ? new PgBoss({ db, schema: this.schema, migrate: false, supervise: false, schedule: true })
      : undefined;
    for (const boss of [this.boss, this.clock]) {
      boss?.on('error', (error) => {
        if (this.state === 'stopped') return;
        this.logger.error({ err: error }, 'job queue error');
      });
    }
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    // pg-boss makes and migrates its schema on start.
    await asSchemaOwner(() => this.boss.start());
    this.stored = await this.readStored();
    this.state = 'started';
  }

  /**
   * The queues and schedules an earlier start made, read in two statements: a restart then makes
   * or changes only what differs, instead of one statement per queue and schedule
   * (docs/operations.md#start).
   */
  private async readStored() {
    const [queues, schedules] = await Promise.all([
      this.database.executeSql(
        `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes, dead_letter
           from ${this.schema}.queue`,
      ),
      this.database.executeSql(`select name, cron, timezone, data, options from ${this.schema}.schedule`),
    ]);
    return {
      queues: new Map((queues.rows as unknown as StoredQueue[]).map((row) => [row.name, row])),
      schedules: new Map((schedules.rows as unknown as StoredSchedule[]).map((row) => [row.name, row])),
    };
  }

  /**
   * Creates the queue once per process, or brings an existing queue's settings up to these;
   * pg-boss 10 refuses jobs for unknown queues.
   */
  createQueue(name: string, options: QueueOptions = {}): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      const settings = { ...DEFAULT_QUEUE_OPTIONS, ...options };
      const stored = this.stored.queues.get(name);
      // A queue is a table of its own, attached to pg-boss' job table: DDL, so as the schema owner.
      created = !stored
        ? asSchemaOwner(() => this.boss.createQueue(name, { name, ...settings }))
        : sameQueueSettings(stored, settings)
          ? Promise.resolve()
          : asSchemaOwner(() => this.boss.updateQueue(name, { name, ...settings }));
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  /** Queues a job; resolves to its id (null when a singleton/throttle option suppressed it). */
  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    this.assertRunning();
    await this.createQueue(queue);
    const id = await this.boss.send(queue, data, options);
    if (id && this.dormant.has(queue)) {
      await this.startDormant(queue).catch((error: unknown) =>
        this.logger.error({ err: error, queue }, 'could not start the worker; the next look for due jobs will'),
      );
    }
    return id;
  }

  /**
   * Whether a job of the queue, of at least `minPriority`, could start now (queued or retrying,
   * its start time come): someone a busy worker could make room for.
   */
  async waiting(queue: string, minPriority = 0): Promise<boolean> {
    // pg-boss' own getQueueSize counts jobs whose start lies in the future too.
    const result = await this.database.executeSql(
      `select exists (select 1 from ${this.schema}.job where name = $1 and state in ('created', 'retry')
         and start_after <= now() and priority >= $2) as waiting`,
      [queue, minPriority],
    );
    return (result.rows[0] as { waiting?: boolean } | undefined)?.waiting === true;
  }

  /** Registers the handler of a queue; one handler per queue and process. */
  async work<T extends object>(queue: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    if (this.registrations.has(queue)) throw new Error(`Queue "${queue}" already has a handler`);
    const registration = { handler: handler as JobHandler<object>, options };
    this.registrations.set(queue, registration);
    if (this.state === 'working') await this.startWorker(queue, registration);
  }

  /** A cron schedule (UTC unless `tz`); it fires only where workers run. */
  async schedule<T extends object>(
    queue: string,
    cron: string,
    data?: T,
    options: SendOptions & { tz?: string } = {},
  ): Promise<void> {
    this.assertRunning();
    await this.createQueue(queue);
    const stored = this.stored.schedules.get(queue);
    // pg-boss keeps the arguments as given (its `schedule` upserts them); the same again is no work.
    const unchanged =
      stored?.cron === cron &&
      stored.timezone === (options.tz ?? 'UTC') &&
      isDeepStrictEqual(stored.data ?? null, data ?? null) &&
      isDeepStrictEqual(stored.options ?? {}, JSON.parse(JSON.stringify(options)));
    if (unchanged) return;
    await this.boss.schedule(queue, cron, data, options);
    this.stored.schedules.delete(queue);
  }

  /**
   * Starts the registered handlers whose queues have a job due, and the look for the others' (no-op
   * where workers are off).
   */
  async startWorkers(): Promise<void> {
    if (!this.runWorkers || this.state !== 'started') return;
    this.state = 'working';
    const due = await this.queuesWithDueJobs([...this.registrations.keys()]);
    for (const [queue, registration] of this.registrations) {
      if (due.has(queue)) await this.startWorker(queue, registration);
      else this.dormant.add(queue);
    }
    const seconds = Math.min(
      DEFAULT_POLLING_SECONDS,
      ...[...this.registrations.values()].map(({ options }) => options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS),
    );
    this.lookTimer = setInterval(() => {
      this.looking ??= this.startDueDormant().finally(() => {
        this.looking = undefined;
      });
    }, seconds * 1000);
    this.lookTimer.unref();
    this.clockTimer = setTimeout(() => {
      this.clockStarting = this.startClock();
    }, this.clockDelayMs);
    this.clockTimer.unref();
  }

  /** Starts the cron clock (`clock`), unless the queue is stopping by then. */
  private async startClock(): Promise<void> {
    const clock = this.clock;
    if (!clock || this.state !== 'working') return;
    try {
      // Its queue is a table of pg-boss' schema, as the queues of start() are.
      await asSchemaOwner(() => clock.start());
    } catch (error) {
      if (this.state === 'working') this.logger.error({ err: error }, 'could not start the cron schedules');
    }
  }

  /** Starts the dormant workers whose queues have a job due now (a cron schedule's, a retry, another process'). */
  private async startDueDormant(): Promise<void> {
    if (this.dormant.size === 0 || this.state !== 'working') return;
    try {
      for (const queue of await this.queuesWithDueJobs([...this.dormant])) await this.startDormant(queue);
    } catch (error) {
      if (this.state === 'working') this.logger.warn({ err: error }, 'could not look for due jobs');
    }
  }

  /** Which of the queues have a job pg-boss' fetch would take now (queued or retrying, its start come). */
  private async queuesWithDueJobs(queues: string[]): Promise<Set<string>> {
    if (queues.length === 0) return new Set();
    const result = await this.track(
      this.database.executeSql(
        `select distinct name from ${this.schema}.job
          where name = any($1::text[]) and state in ('created', 'retry') and start_after < now()`,
        [queues],
      ),
    );
    return new Set((result.rows as { name: string }[]).map((row) => row.name));
  }

  private async startDormant(queue: string): Promise<void> {
    const registration = this.registrations.get(queue);
    // Once the queue stops, a job queued (a run handing itself back) waits for the next start.
    if (!registration || this.state !== 'working' || !this.dormant.delete(queue)) return;
    const starting = this.startWorker(queue, registration);
    this.starting.add(starting);
    try {
      await starting;
    } finally {
      this.starting.delete(starting);
    }
  }

  get workersRunning(): boolean {
    return this.state === 'working';
  }

  /**
   * Stops polling and lets running jobs finish (up to `timeoutMs` in all). pg-boss' own wait sees
   * only the jobs a worker holds: a fetch already sent when it stops answers afterwards, and its
   * job would run, and be marked done or failed, after the database had closed, left active
   * until it expired. So this also waits until every statement pg-boss sent and every handler
   * it began has settled.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.state === 'new' || this.state === 'stopped') {
      this.state = 'stopped';
      return;
    }
    const deadline = Date.now() + timeoutMs;
    clearInterval(this.lookTimer);
    clearTimeout(this.clockTimer);
    // No worker starts from here on (startDormant), and none is half-started when pg-boss stops.
    this.state = 'stopping';
    await this.looking;
    await Promise.allSettled([...this.starting]);
    await this.clockStarting;
    // The clock first: its worker queues the jobs of schedules that fall due.
    if (this.clockStarting) await this.clock?.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    for (;;) {
      // What a settled fetch answered starts its handler some microtasks later: look after those.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight.size === 0 || Date.now() >= deadline) break;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, deadline - Date.now());
        }),
      ]);
      clearTimeout(timer);
    }
    this.state = 'stopped';
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const settled = () => this.inFlight.delete(promise);
    promise.then(settled, settled);
    return promise;
  }

  private assertRunning(): void {
    if (this.state === 'new') throw new Error('The job queue has not started');
    if (this.state === 'stopped') throw new Error('The job queue is stopped');
  }

  private async startWorker(queue: string, { handler, options }: Registration): Promise<void> {
    await this.createQueue(queue);
    const log = this.logger.child({ queue });
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) await this.startOneWorker(queue, handler, options, log);
  }

  private async startOneWorker(queue: string, handler: JobHandler<object>, options: WorkOptions, log: FastifyBaseLogger) {
    await this.boss.work<object>(
      queue,
      {
        batchSize: 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
        includeMetadata: true,
      },
      (jobs) => this.track(this.handle(jobs, handler, log)),
    );
  }

  private async handle(jobs: Job<object>[], handler: JobHandler<object>, log: FastifyBaseLogger): Promise<void> {
    for (const job of jobs) {
      const started = Date.now();
      try {
        await runAsBackground(async () => handler(job));
        log.info({ jobId: job.id, ms: Date.now() - started }, 'job done');
      } catch (error) {
        // pg-boss records the failure and retries with backoff; the log keeps the details.
        log.error({ jobId: job.id, err: error, ms: Date.now() - started }, 'job failed');
        throw storableFailure(error);
      }
    }
    // No result: pg-boss would store it, and nothing reads it.
  }
}
