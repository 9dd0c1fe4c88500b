import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeMemberMail } from './sendouts.mail';
import { SENDOUTS_DUE_QUEUE, sendoutRuns, startDueSendouts } from './sendouts.runs';

/**
 * Member care's jobs (docs/member-care.md#send-outs): a send-out is a run kind of the run engine;
 * scheduled ones are started by a job queued for their time and by a sweep every minute, both
 * kept by pg-boss in the database, so they start on time after a restart too.
 */
export const memberCareJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(sendoutRuns);
  await app.jobs.createQueue(SENDOUTS_DUE_QUEUE);
  await app.jobs.work(SENDOUTS_DUE_QUEUE, async () => {
    await startDueSendouts(app);
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(SENDOUTS_DUE_QUEUE, '* * * * *', {});
  app.addHook('onClose', async () => closeMemberMail(app));
};
