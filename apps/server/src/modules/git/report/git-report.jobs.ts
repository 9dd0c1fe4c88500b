import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gitReportRunKind } from './git-report.service';

/**
 * The report-back run (payments and credits → GIT): a run of the run engine (lib/runs), one per
 * GIT club account at a time, retried with backoff on transient GIT faults (the next attempt
 * first finishes the calls the last one had started).
 */
export const gitReportJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(gitReportRunKind);
};
