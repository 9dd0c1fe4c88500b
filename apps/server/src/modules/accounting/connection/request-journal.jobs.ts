import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pruneCompletedRequests } from './request-journal.repository';

export const REQUEST_JOURNAL_PRUNE_QUEUE = 'accounting.requests-prune';

/**
 * Every night, the request journal's completed rows older than 30 days are deleted
 * (`pruneCompletedRequests`), so `accounting_requests` holds what a retry may still need, also for
 * club accounts that ask nothing new.
 */
export const requestJournalJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(REQUEST_JOURNAL_PRUNE_QUEUE, { retryLimit: 3, retryDelay: 300 });
  await app.jobs.work(REQUEST_JOURNAL_PRUNE_QUEUE, async () => {
    const deleted = await pruneCompletedRequests(app.db);
    if (deleted > 0) app.log.info({ deleted }, 'pruned completed accounting requests');
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(REQUEST_JOURNAL_PRUNE_QUEUE, '35 3 * * *', {});
};
