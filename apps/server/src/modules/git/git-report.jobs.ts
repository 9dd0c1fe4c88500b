import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GIT_REPORT_QUEUE, ReportRunBusyError, runReportStatus } from './git-report.service';

const reportJob = z.object({ runId: z.string().uuid() });

/** How long a run waits when another report run of its GIT club account is working. */
const BUSY_WAIT_SECONDS = 60;

/**
 * The report-back run (payments and credits → GIT): one per GIT club account at a time, retried
 * with backoff on transient GIT faults (the run resumes the calls it had started).
 */
export const gitReportJobs: FastifyPluginAsyncZod = async (app) => {
  await app.jobs.createQueue(GIT_REPORT_QUEUE, {
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 2 * 60 * 60,
  });
  await app.jobs.work(GIT_REPORT_QUEUE, async (job) => {
    const { runId } = reportJob.parse(job.data);
    try {
      await runReportStatus(app, runId, { lastAttempt: job.retryCount >= job.retryLimit });
    } catch (error) {
      // Waiting for the other run is not a failure: come back later without using up a retry.
      if (!(error instanceof ReportRunBusyError)) throw error;
      await app.jobs.send(GIT_REPORT_QUEUE, { runId }, { startAfter: BUSY_WAIT_SECONDS });
    }
  });
};
