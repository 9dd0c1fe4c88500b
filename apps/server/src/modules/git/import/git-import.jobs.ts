import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteStaleGitImports, GIT_IMPORT_KEEP_DAYS } from './git-import.service';

export const GIT_IMPORT_CLEANUP_QUEUE = 'git.import-cleanup';

/**
 * Uploads of GIT's Excel export that were never imported are forgotten after
 * GIT_IMPORT_KEEP_DAYS (the sheet's rows may hold members' names and addresses); every night.
 */
export const gitImportJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(GIT_IMPORT_CLEANUP_QUEUE, { retryLimit: 3, retryDelay: 300 });
  await app.jobs.work(GIT_IMPORT_CLEANUP_QUEUE, async () => {
    const deleted = await deleteStaleGitImports(app.db, GIT_IMPORT_KEEP_DAYS);
    if (deleted > 0) app.log.info({ deleted }, 'stale GIT Excel uploads deleted');
  });
  if (app.jobs.runWorkers) await app.jobs.schedule(GIT_IMPORT_CLEANUP_QUEUE, '40 2 * * *', {});
};
