import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Latch, latch } from '../../test/latch';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestApp, type TestDatabase } from '../../test/test-app';
import type { Config } from '../config';
import { type Job, Jobs, type JobsOptions } from './jobs';

interface Greeting {
  name: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

function waitFor<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Asks again (every 100 ms) until `check` answers something, or fails after `ms`. */
async function pollUntil<T>(check: () => Promise<T | null>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Queues a job in one app instance, closes it, and expects a new instance's worker to run it. */
async function jobSurvivesRestart(storage: Partial<Config>) {
  const first = await createTestApp({ ...storage, RUN_WORKERS: false });
  const id = await first.app.jobs.send<Greeting>('test-greeting', { name: 'Anna' });
  expect(id).toEqual(expect.any(String));
  expect(first.app.jobs.workersRunning).toBe(false);
  await first.close();

  const second = await createTestApp({ ...storage, RUN_WORKERS: true });
  cleanups.push(() => second.close());
  expect(second.app.jobs.workersRunning).toBe(true);
  const seen = new Promise<Job<Greeting>>((resolve) => {
    void second.app.jobs.work<Greeting>(
      'test-greeting',
      async (job) => {
        resolve(job);
      },
      { pollingIntervalSeconds: 0.5 },
    );
  });
  const job = await waitFor(seen, 15_000, 'the queued job');
  expect(job.id).toBe(id);
  expect(job.data).toEqual({ name: 'Anna' });
}

/** A queue of its own (`schema`) on the test app's database, started, and stopped after the test; workers on unless told. */
async function startedJobs(
  t: TestApp,
  schema: string,
  options: Pick<JobsOptions, 'clockDelayMs'> & { runWorkers?: boolean } = {},
): Promise<Jobs> {
  const jobs = new Jobs({ database: t.app.database, logger: t.app.log, schema, runWorkers: true, ...options });
  await jobs.start();
  cleanups.push(() => jobs.stop());
  return jobs;
}

describe('jobs', () => {
  it('a job queued before a restart runs after it (PGlite on disk)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fairway-jobs-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await jobSurvivesRestart({ DATA_DIR: dataDir });
  });

  it.runIf(TEST_DATABASE_URL)('a job queued before a restart runs after it (PostgreSQL)', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    await jobSurvivesRestart({ DATABASE_URL: database.url });
  });

  it('retries a failing job and keeps Drizzle usable meanwhile', async () => {
    const t = await createTestApp({ RUN_WORKERS: true });
    cleanups.push(() => t.close());
    await t.app.jobs.createQueue('test-flaky', { retryLimit: 2, retryDelay: 0, retryBackoff: false });
    let attempts = 0;
    const done = new Promise<number>((resolve) => {
      void t.app.jobs.work<Greeting>(
        'test-flaky',
        async () => {
          attempts++;
          if (attempts === 1) throw new Error('first attempt fails');
          resolve(attempts);
        },
        { pollingIntervalSeconds: 0.5 },
      );
    });
    await t.app.jobs.send<Greeting>('test-flaky', { name: 'Bo' });
    // Raw SQL and pg-boss share one PGlite session; a failed job must not leave it in a broken
    // transaction.
    const { rows } = await t.app.database.executeSql('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(await waitFor(done, 15_000, 'the retry')).toBe(2);
    expect((await t.app.database.executeSql('select $1::int as two', [2])).rows).toEqual([{ two: 2 }]);
  });

  it('works on several jobs of a queue at once when asked, so a long job does not hold up the next', async () => {
    const t = await createTestApp({ RUN_WORKERS: true });
    cleanups.push(() => t.close());
    let releaseLong: () => void = () => undefined;
    const longHeld = new Promise<void>((resolve) => {
      releaseLong = resolve;
    });
    const shortDone = new Promise<string>((resolve) => {
      void t.app.jobs.work<Greeting>(
        'test-parallel',
        async (job) => {
          if (job.data.name === 'long') await longHeld;
          else resolve(job.data.name);
        },
        { pollingIntervalSeconds: 0.5, concurrency: 2 },
      );
    });
    await t.app.jobs.send<Greeting>('test-parallel', { name: 'long' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await t.app.jobs.send<Greeting>('test-parallel', { name: 'short' });
    // With one worker the short job would wait for the long one, which waits for the short one.
    expect(await waitFor(shortDone, 15_000, 'the short job beside the long one')).toBe('short');
    releaseLong();
  });

  it('a handler error PostgreSQL cannot store (NUL, lone surrogates) ends as a failed job, and later jobs run', async () => {
    const t = await createTestApp({ RUN_WORKERS: true });
    cleanups.push(() => t.close());
    const queue = 'test-unstorable-error';
    await t.app.jobs.createQueue(queue, { retryLimit: 0 });
    const ran: string[] = [];
    await t.app.jobs.work<Greeting>(
      queue,
      async (job) => {
        ran.push(job.data.name);
        if (job.data.name === 'bad') throw new Error('Failed query: insert into "customers" \u0000 \ud800 \udc00x');
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const bad = (await t.app.jobs.send<Greeting>(queue, { name: 'bad' })) as string;
    const failed = await pollUntil(
      async () => {
        const job = await t.app.jobs.boss.getJobById(queue, bad);
        return job?.state === 'failed' ? job : null;
      },
      15_000,
      'the job to be recorded as failed',
    );
    expect(failed.output).toMatchObject({ message: 'Failed query: insert into "customers"  \ufffd \ufffdx' });
    const good = (await t.app.jobs.send<Greeting>(queue, { name: 'good' })) as string;
    await pollUntil(
      async () => ((await t.app.jobs.boss.getJobById(queue, good))?.state === 'completed' ? true : null),
      15_000,
      'the next job',
    );
    expect(ran).toEqual(['bad', 'good']);
  });

  it('a restart makes no queue or schedule it already has, and brings changed settings up to date', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    // Its own pg-boss schema in the test's database: two starts of the queue, one after the other.
    const start = async () => {
      const jobs = new Jobs({ database: t.app.database, runWorkers: false, logger: t.app.log, schema: 'pgboss_restart' });
      await jobs.start();
      return jobs;
    };
    const first = await start();
    await first.createQueue('test-kept', { retryLimit: 2 });
    await first.createQueue('test-changed', { retryLimit: 2 });
    await first.schedule('test-kept', '5 3 * * *', {}, { tz: 'Europe/Stockholm' });
    await first.schedule('test-changed', '5 3 * * *', {});
    await first.stop();

    const second = await start();
    cleanups.push(() => second.stop());
    const created = vi.spyOn(second.boss, 'createQueue');
    const updated = vi.spyOn(second.boss, 'updateQueue');
    const scheduled = vi.spyOn(second.boss, 'schedule');
    await second.createQueue('test-kept', { retryLimit: 2 });
    await second.createQueue('test-changed', { retryLimit: 4 });
    await second.createQueue('test-new');
    await second.schedule('test-kept', '5 3 * * *', {}, { tz: 'Europe/Stockholm' });
    await second.schedule('test-changed', '10 4 * * *', {});
    expect(created.mock.calls.map(([name]) => name)).toEqual(['test-new']);
    expect(updated.mock.calls.map(([name]) => name)).toEqual(['test-changed']);
    expect(scheduled.mock.calls.map(([name]) => name)).toEqual(['test-changed']);

    const queues = await t.app.database.executeSql(
      "select name, retry_limit from pgboss_restart.queue where name like 'test-%' order by name",
    );
    expect(queues.rows).toEqual([
      { name: 'test-changed', retry_limit: 4 },
      { name: 'test-kept', retry_limit: 2 },
      { name: 'test-new', retry_limit: 5 },
    ]);
    const schedules = await t.app.database.executeSql('select name, cron, timezone from pgboss_restart.schedule order by name');
    expect(schedules.rows).toEqual([
      { name: 'test-changed', cron: '10 4 * * *', timezone: 'UTC' },
      { name: 'test-kept', cron: '5 3 * * *', timezone: 'Europe/Stockholm' },
    ]);
  });

  it('a job whose fetch answers while the queue stops runs, and is marked done, before stop() returns', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    let holdFetches = false;
    const held = latch();
    const released = latch();
    // The worker's fetch takes the job at once, but its answer comes only once pg-boss has stopped.
    const database = {
      ...t.app.database,
      executeSql: async (text: string, values?: unknown[]) => {
        const result = await t.app.database.executeSql(text, values);
        if (holdFetches && /skip locked/i.test(text) && result.rows.length > 0) {
          held.resolve();
          await released.promise;
        }
        return result;
      },
    };
    const jobs = new Jobs({ database, runWorkers: true, logger: t.app.log, schema: 'pgboss_stop' });
    await jobs.start();
    jobs.boss.on('stopped', () => released.resolve());
    const ran: string[] = [];
    await jobs.work('test-late', async () => {
      ran.push('began');
      await t.app.database.executeSql('select 1');
      ran.push('ended');
    });
    await jobs.send('test-late', {});
    holdFetches = true;
    await jobs.startWorkers();
    await waitFor(held.promise, 15_000, 'the fetch of the job');

    await jobs.stop();
    // When stop() returns the database may close: the job has run and pg-boss has written so.
    expect(ran).toEqual(['began', 'ended']);
    const { rows } = await t.app.database.executeSql("select state from pgboss_stop.job where name = 'test-late'");
    expect(rows).toEqual([{ state: 'completed' }]);
  });

  it('starts only the workers with due jobs; the others start when a job for them is queued here or found due', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const jobs = await startedJobs(t, 'pgboss_dormant');
    // Another process of the same deployment, which only queues.
    const other = await startedJobs(t, 'pgboss_dormant', { runWorkers: false });

    const ran = new Map<string, Latch>();
    for (const queue of ['test-due', 'test-other', 'test-here']) {
      ran.set(queue, latch());
      await jobs.work(queue, async () => ran.get(queue)?.resolve(), { pollingIntervalSeconds: 0.5 });
    }
    await jobs.send('test-due', {});
    const started = vi.spyOn(jobs.boss, 'work');
    await jobs.startWorkers();
    expect(started.mock.calls.map(([queue]) => queue)).toEqual(['test-due']);
    await waitFor(ran.get('test-due')!.promise, 60_000, 'the job due at start');

    await other.send('test-other', {});
    await waitFor(ran.get('test-other')!.promise, 60_000, 'the job another process queued, found by the look for due jobs');
    await jobs.send('test-here', {});
    await waitFor(ran.get('test-here')!.promise, 60_000, 'the job queued here');
    expect(started.mock.calls.map(([queue]) => queue)).toEqual(['test-due', 'test-other', 'test-here']);
  });

  it('a job that hands itself back for later, turn after turn, runs every turn (a run waiting for its turn)', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const jobs = await startedJobs(t, 'pgboss_turns');
    const turns: number[] = [];
    const done = latch<number[]>();
    await jobs.work<{ turn: number }>(
      'test-turns',
      async (job) => {
        turns.push(job.data.turn);
        // As the run engine does when the club account is busy (lib/runs/run-engine.ts): a new job, a little later.
        if (job.data.turn < 3) await jobs.send('test-turns', { turn: job.data.turn + 1 }, { startAfter: 1 });
        else done.resolve(turns);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.startWorkers();
    await jobs.send('test-turns', { turn: 0 });
    expect(await waitFor(done.promise, 60_000, 'the fourth turn')).toEqual([0, 1, 2, 3]);
  });

  it('a job queued while the queue stops starts no worker, and runs after the next start', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const options = { database: t.app.database, logger: t.app.log, schema: 'pgboss_handback' };
    const jobs = new Jobs({ ...options, runWorkers: true });
    await jobs.start();
    await jobs.work('test-handback', async () => undefined);
    await jobs.startWorkers();
    const started = vi.spyOn(jobs.boss, 'work');
    const stopping = jobs.stop();
    await jobs.send('test-handback', {});
    await stopping;
    expect(started).not.toHaveBeenCalled();

    const again = await startedJobs(t, 'pgboss_handback');
    const ran = latch();
    await again.work('test-handback', async () => ran.resolve(), { pollingIntervalSeconds: 0.5 });
    await again.startWorkers();
    await waitFor(ran.promise, 60_000, 'the job queued while the queue stopped');
  });

  it('starts the cron clock a little after the workers, and a schedule due by then sends its job', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const hasClock = async (schema: string) =>
      (await t.app.database.executeSql(`select 1 from ${schema}.queue where name = '__pgboss__send-it'`)).rows.length > 0;

    // The clock is not part of the start: the workers run, the clock has made nothing yet.
    const later = await startedJobs(t, 'pgboss_clock_later', { clockDelayMs: 600_000 });
    await later.startWorkers();
    expect(await hasClock('pgboss_clock_later')).toBe(false);

    const jobs = await startedJobs(t, 'pgboss_clock', { clockDelayMs: 200 });
    const ran = latch<Job<{ from: string }>>();
    await jobs.work<{ from: string }>('test-every-minute', async (job) => ran.resolve(job), { pollingIntervalSeconds: 0.5 });
    // Due every minute, so its last due time is always under a minute ago: the clock's first look sends it.
    await jobs.schedule('test-every-minute', '* * * * *', { from: 'cron' });
    await jobs.startWorkers();
    const job = await waitFor(ran.promise, 60_000, 'the job of the schedule');
    expect(job.data).toEqual({ from: 'cron' });
    expect(await hasClock('pgboss_clock')).toBe(true);
  });

  it('refuses a second handler for the same queue', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.app.jobs.work('test-single', async () => undefined);
    await expect(t.app.jobs.work('test-single', async () => undefined)).rejects.toThrow(/already has a handler/);
  });
});
