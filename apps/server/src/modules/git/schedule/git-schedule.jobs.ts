import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GIT_AUTO_SYNC_QUEUE, queueScheduledGitSyncs } from './git-schedule.service';

/** The auto-sync schedule of the API configuration: every 15 minutes, like the mirror refreshes. */
export const gitScheduleJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(GIT_AUTO_SYNC_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(GIT_AUTO_SYNC_QUEUE, async () => {
    await queueScheduledGitSyncs(app);
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(GIT_AUTO_SYNC_QUEUE, '*/15 * * * *', {});
};
