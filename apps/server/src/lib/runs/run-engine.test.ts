import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { accountingSyncRuns } from '../../modules/accounting/refresh/refresh.tables';
import type { RunKind } from './run-engine';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('queued runs', () => {
  it('a run a person waits for starts before background runs queued earlier', async () => {
    const { app, close } = await createTestApp({ RUN_WORKERS: true });
    cleanups.push(close);
    const queue = `test.urgency.${randomUUID()}`;
    const background = [randomUUID(), randomUUID(), randomUUID()];
    const person = randomUUID();
    for (const id of background) await app.runs.enqueue({ queue }, id);
    await app.runs.enqueue({ queue }, person, { urgency: 'person' });

    const started: string[] = [];
    const all = new Promise<void>((resolve) => {
      void app.jobs.work<{ runId: string; urgency?: string }>(
        queue,
        async (job) => {
          started.push(job.data.runId);
          if (started.length === 4) resolve();
        },
        { pollingIntervalSeconds: 0.5 },
      );
    });
    await all;
    expect(started[0]).toBe(person);
    expect(started.slice(1).sort()).toEqual([...background].sort());
  });
});

describe('turns', () => {
  /**
   * A kind whose work is `steps` small steps, each stored in its checkpoint before the next (as a
   * refresh stores each page), with a turn check between steps.
   */
  function countingKind(queue: string, steps: number, worked: string[]): RunKind<typeof accountingSyncRuns> {
    return {
      name: queue,
      queue,
      store: { table: accountingSyncRuns },
      maxAttempts: 3,
      eventResource: 'accounting',
      events: {
        retrying: 'runs.accountingRefresh.retrying',
        resumed: 'runs.accountingRefresh.resumed',
        failed: 'accounting.event.refreshFailed',
      },
      async execute(app, run) {
        const [row] = await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, run.id));
        let next = run.resumed ? Number((row?.checkpoint as { next?: number } | null)?.next ?? 0) : 0;
        for (; next < steps; next++) {
          await run.checkTurn();
          worked.push(`${run.clubAccountId}:${next}`);
          await run.save({ checkpoint: { next: next + 1 } });
          // A step that waits on another system (a read at the program's pace).
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return { event: null };
      },
      retryable: () => false,
      reasonOf: () => 'failed',
    };
  }

  const newRun = async (app: App, org: TestOrganisation) => {
    const [row] = await app.db
      .insert(accountingSyncRuns)
      .values({ organisationId: org.organisationId, clubAccountId: org.clubAccountId, trigger: 'manual', status: 'queued' })
      .returning({ id: accountingSyncRuns.id });
    return row?.id as string;
  };
  const stateOf = async (app: App, id: string) =>
    (await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, id)))[0];

  it('a long run lets a waiting run have the worker after its turn, and the next turn goes on where it stopped', async () => {
    const { app, close } = await createTestApp({ RUN_WORKERS: false, RUN_TURN_SECONDS: 1 });
    cleanups.push(close);
    const [long, other] = [await createOrganisation(app), await createOrganisation(app)];
    const queue = `test.turns.${randomUUID()}`;
    const worked: string[] = [];
    // Enough steps that the work outlasts its turn however fast the machine is.
    const steps = 100_000;
    await app.runs.register(countingKind(queue, steps, worked));
    const longRun = await newRun(app, long);
    const otherRun = await newRun(app, other);

    // Nobody waits yet: the run works past its turn. Then another club's run is queued.
    const attempt = app.runs.attempt(countingKind(queue, steps, worked), longRun, undefined, { takeTurns: true });
    await vi.waitFor(() => expect(worked.length).toBeGreaterThan(0));
    const before = Date.now();
    await vi.waitFor(() => expect(Date.now() - before).toBeGreaterThan(1_500), { timeout: 5_000, interval: 100 });
    expect((await stateOf(app, longRun))?.status).toBe('running');
    await app.runs.enqueue({ queue }, otherRun);

    expect(await attempt).toBe('turn-passed');
    const passed = await stateOf(app, longRun);
    expect(passed).toMatchObject({ status: 'queued', attempts: 0, lease: null, error: null, finishedAt: null });
    const stoppedAt = Number((passed?.checkpoint as { next?: number } | null)?.next);
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(steps);
    // Queued again behind the waiting run: its job is in the queue.
    expect(await app.jobs.waiting(queue)).toBe(true);

    // Its next turn goes on from the stored step, repeating none.
    const shortKind = countingKind(queue, stoppedAt + 3, worked);
    expect(await app.runs.attempt(shortKind, longRun)).toBe('succeeded');
    const ofLong = worked.filter((w) => w.startsWith(long.clubAccountId));
    expect(ofLong).toHaveLength(stoppedAt + 3);
    expect(new Set(ofLong).size).toBe(ofLong.length);
    expect(await stateOf(app, longRun)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a run working when its process shuts down is queued again where it stopped, with no attempt counted', async () => {
    const { app, close } = await createTestApp({ RUN_WORKERS: false });
    cleanups.push(close);
    const org = await createOrganisation(app);
    const queue = `test.stop.${randomUUID()}`;
    const worked: string[] = [];
    const steps = 100_000;
    await app.runs.register(countingKind(queue, steps, worked));
    const id = await newRun(app, org);

    const attempt = app.runs.attempt(countingKind(queue, steps, worked), id);
    await vi.waitFor(() => expect(worked.length).toBeGreaterThan(2));
    // What plugins/runs.ts does first when the app closes.
    await app.runs.stop();
    expect(await attempt).toBe('stopped');
    const stopped = await stateOf(app, id);
    expect(stopped).toMatchObject({ status: 'queued', attempts: 0, lease: null, error: null, finishedAt: null });
    const at = Number((stopped?.checkpoint as { next?: number } | null)?.next);
    // Every stored step was done; at most the step the stop cut short was not stored.
    expect(worked.length - at).toBeGreaterThanOrEqual(0);
    expect(worked.length - at).toBeLessThanOrEqual(1);
    expect(at).toBeLessThan(steps);
    // Its job waits for the next process's worker.
    expect(await app.jobs.waiting(queue)).toBe(true);
    // Nothing starts in a process that is stopping.
    const before = worked.length;
    expect(await app.runs.attempt(countingKind(queue, steps, worked), id)).toBe('stopped');
    expect(worked).toHaveLength(before);
  });

  it('passes its turn only to runs at least as urgent', async () => {
    const { app, close } = await createTestApp({ RUN_WORKERS: false });
    cleanups.push(close);
    const queue = `test.waiting.${randomUUID()}`;
    await app.jobs.createQueue(queue);
    expect(await app.jobs.waiting(queue)).toBe(false);
    await app.runs.enqueue({ queue }, randomUUID(), { startAfterSeconds: 600 });
    // A job whose start lies ahead is nobody waiting now.
    expect(await app.jobs.waiting(queue)).toBe(false);
    await app.runs.enqueue({ queue }, randomUUID());
    expect(await app.jobs.waiting(queue, 0)).toBe(true);
    expect(await app.jobs.waiting(queue, 10)).toBe(false);
    await app.runs.enqueue({ queue }, randomUUID(), { urgency: 'person' });
    expect(await app.jobs.waiting(queue, 10)).toBe(true);
  });
});
