import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runSubscriptionMaintenance } from './subscriptions.service';

export const SUBSCRIPTION_MAINTENANCE_QUEUE = 'subscriptions.maintenance';

/**
 * The nightly subscription run (pending requests, renewals, cancellations, billing) as a pg-boss
 * schedule; it fires only in processes that run workers. Declares no routes.
 */
export const subscriptionsJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(SUBSCRIPTION_MAINTENANCE_QUEUE, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
  await app.jobs.work(SUBSCRIPTION_MAINTENANCE_QUEUE, async () => {
    const result = await runSubscriptionMaintenance(app.db);
    app.log.info({ ...result }, 'subscription maintenance done');
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(SUBSCRIPTION_MAINTENANCE_QUEUE, '15 2 * * *', {}, { tz: 'Europe/Stockholm' });
};
