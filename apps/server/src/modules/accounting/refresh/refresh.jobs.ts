import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MIRROR_REFRESH_ALL_QUEUE, mirrorRefreshRuns, queueScheduledRefreshes } from './refresh.service';

/**
 * The mirror refresh (a run per club account on the run engine, lib/runs) and its schedule:
 * every 15 minutes each connected club account is refreshed incrementally. "Connected" covers
 * both kinds of program (see `queueScheduledRefreshes`).
 */
export const refreshJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(mirrorRefreshRuns);
  await app.jobs.createQueue(MIRROR_REFRESH_ALL_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(MIRROR_REFRESH_ALL_QUEUE, async () => {
    await queueScheduledRefreshes(app);
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(MIRROR_REFRESH_ALL_QUEUE, '*/15 * * * *', {});
};
