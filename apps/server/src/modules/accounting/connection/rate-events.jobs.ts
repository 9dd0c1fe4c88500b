import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pruneRateEvents } from '../../../providers/accounting/rate-limiter';

export const RATE_EVENTS_PRUNE_QUEUE = 'rate-events.prune';

/**
 * Hourly, the rows of rate budgets nobody uses any more (a form sender's IP, a company no longer
 * linked) are deleted, so `provider_rate_events` holds only live windows.
 */
export const rateEventsJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(RATE_EVENTS_PRUNE_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(RATE_EVENTS_PRUNE_QUEUE, async () => {
    const deleted = await pruneRateEvents(app.db);
    if (deleted > 0) app.log.info({ deleted }, 'pruned stale rate-limit rows');
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(RATE_EVENTS_PRUNE_QUEUE, '23 * * * *', {});
};
