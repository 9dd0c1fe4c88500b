import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MIRROR_REFRESH_ALL_QUEUE,
  MIRROR_REFRESH_QUEUE,
  queueScheduledRefreshes,
  REFRESH_CONCURRENCY,
  runMirrorRefresh,
} from './accounting-sync.service';

const refreshJob = z.object({ runId: z.string().uuid() });

/**
 * The mirror refresh (a job per club account, retried with backoff on transient faults) and
 * its schedule: every 15 minutes each connected club account is refreshed incrementally.
 * "Connected" covers both kinds of program (see `queueScheduledRefreshes`).
 */
export const accountingJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(MIRROR_REFRESH_QUEUE, {
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
  });
  await app.jobs.work(
    MIRROR_REFRESH_QUEUE,
    async (job) => {
      const { runId } = refreshJob.parse(job.data);
      await runMirrorRefresh(app, runId, { lastAttempt: job.retryCount >= job.retryLimit });
    },
    { concurrency: REFRESH_CONCURRENCY },
  );
  await app.jobs.createQueue(MIRROR_REFRESH_ALL_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(MIRROR_REFRESH_ALL_QUEUE, async () => {
    await queueScheduledRefreshes(app);
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(MIRROR_REFRESH_ALL_QUEUE, '*/15 * * * *', {});
};
