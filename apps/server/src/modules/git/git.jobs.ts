import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GIT_REFRESH_ALL_QUEUE, GIT_REFRESH_QUEUE, queueScheduledGitRefreshes, runGitRefresh } from './git-refresh.service';

const refreshJob = z.object({ runId: z.string().uuid() });

/**
 * The GIT mirror refresh (one run per club account at a time, retried with backoff on transient
 * faults) and its schedule: every 15 minutes each club account with a working GIT connection.
 */
export const gitJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(GIT_REFRESH_QUEUE, {
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
  });
  await app.jobs.work(GIT_REFRESH_QUEUE, async (job) => {
    const { runId } = refreshJob.parse(job.data);
    await runGitRefresh(app, runId, { lastAttempt: job.retryCount >= job.retryLimit });
  });
  await app.jobs.createQueue(GIT_REFRESH_ALL_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(GIT_REFRESH_ALL_QUEUE, async () => {
    await queueScheduledGitRefreshes(app);
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(GIT_REFRESH_ALL_QUEUE, '*/15 * * * *', {});
};
