import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';

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
