import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GIT_REFRESH_ALL_QUEUE, gitRefreshRuns, queueScheduledGitRefreshes } from './git-refresh.service';

/**
 * The GIT mirror refresh (a run per club account on the run engine, lib/runs) and its schedule:
 * every 15 minutes each club account with a working GIT connection.
 */
export const gitRefreshJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(gitRefreshRuns);
  await app.jobs.createQueue(GIT_REFRESH_ALL_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(GIT_REFRESH_ALL_QUEUE, async () => {
    await queueScheduledGitRefreshes(app);
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(GIT_REFRESH_ALL_QUEUE, '*/15 * * * *', {});
};
