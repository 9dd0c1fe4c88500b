import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountingDeps } from '../accounting/deps';
import { runContractSchedules, SchedulesDeferredError } from './contract-schedules';

export const CONTRACT_SCHEDULES_QUEUE = 'contracts.schedules';

/**
 * The daily contract schedules (scheduled cancellations and price changes) as a pg-boss
 * schedule, early in the Swedish morning; retried when transient faults deferred some of it.
 * Declares no routes.
 */
export const contractsJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(CONTRACT_SCHEDULES_QUEUE, { retryLimit: 4, retryDelay: 10 * 60, retryBackoff: true });
  await app.jobs.work(CONTRACT_SCHEDULES_QUEUE, async () => {
    try {
      const result = await runContractSchedules(accountingDeps(app));
      app.log.info({ ...result }, 'contract schedules done');
    } catch (error) {
      if (error instanceof SchedulesDeferredError) app.log.warn({ ...error.result }, 'contract schedules deferred; retrying');
      throw error;
    }
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(CONTRACT_SCHEDULES_QUEUE, '5 3 * * *', {}, { tz: 'Europe/Stockholm' });
};
