import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GIT_SYNC_QUEUE, runGitSync } from './git-sync.service';

const syncJob = z.object({
  runId: z.string().uuid(),
  occasionGitIds: z.array(z.string()),
  basisGitIds: z.array(z.string()).nullable(),
  userId: z.string().uuid().nullable(),
  lang: z.enum(['sv', 'en']),
});

/**
 * The GIT → accounting sync job: one run per GIT club account at a time; a crash or a transient
 * fault puts the run back and pg-boss retries it with backoff (the items resume where they stood).
 */
export const gitSyncJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(GIT_SYNC_QUEUE, {
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 4 * 60 * 60,
  });
  await app.jobs.work(GIT_SYNC_QUEUE, async (job) => {
    await runGitSync(app, syncJob.parse(job.data), { lastAttempt: job.retryCount >= job.retryLimit });
  });
};
