import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRuns } from './exports.runs';
import { cleanUpExports, EXPORTS_CLEANUP_QUEUE } from './exports.service';

/**
 * Exports are runs of the run engine (lib/runs; its sweep resumes one whose worker died, and
 * retries a passing fault); the hourly clean-up deletes files past their keeping time
 * (docs/exports.md#files).
 */
export const exportsJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(exportRuns);
  await app.jobs.createQueue(EXPORTS_CLEANUP_QUEUE, { retryLimit: 2, retryDelay: 60 });
  await app.jobs.work(EXPORTS_CLEANUP_QUEUE, async () => {
    await cleanUpExports({ db: app.db, log: app.log });
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(EXPORTS_CLEANUP_QUEUE, '17 * * * *', {});
};
