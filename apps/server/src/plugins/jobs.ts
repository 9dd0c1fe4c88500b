import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Jobs } from '../lib/jobs';

/**
 * `app.jobs`: queue jobs anywhere; handlers that modules register with `app.jobs.work()` start
 * when the app is ready, and only where RUN_WORKERS is on.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { runWorkers: boolean }) => {
    const jobs = new Jobs({
      database: app.database,
      runWorkers: options.runWorkers,
      logger: app.log.child({ component: 'jobs' }),
    });
    await jobs.start();
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.startWorkers();
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'fairway-jobs', dependencies: ['fairway-database'] },
);
