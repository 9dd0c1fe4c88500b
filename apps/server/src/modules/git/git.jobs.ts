import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gitImportJobs } from './import/git-import.jobs';
import { gitRefreshJobs } from './refresh/git-refresh.jobs';
import { gitReportJobs } from './report/git-report.jobs';
import { gitScheduleJobs } from './schedule/git-schedule.jobs';
import { gitSyncJobs } from './sync/git-sync.jobs';

/**
 * Every GIT job (docs/git.md), the one entry modules/index.ts mounts: the refresh, sync and
 * report runs on the run engine (lib/runs), the 15-minute schedule and the nightly clean-up of
 * Excel uploads never imported.
 */
export const gitJobs: FastifyPluginAsyncZod = async (app, options) => {
  for (const jobs of [gitRefreshJobs, gitSyncJobs, gitReportJobs, gitScheduleJobs, gitImportJobs]) await jobs(app, options);
};
