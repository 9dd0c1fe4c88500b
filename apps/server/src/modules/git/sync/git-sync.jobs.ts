import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gitSyncRuns } from './git-sync.service';

/**
 * The GIT → accounting sync job: a run of the run engine (lib/runs), one per GIT club account at
 * a time; a crash or a fault hands the run back and the next attempt resumes the items where
 * they stood.
 */
export const gitSyncJobs: FastifyPluginAsyncZod = async (app) => {
  await app.runs.register(gitSyncRuns);
};
