import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RunEngine } from '../lib/runs/run-engine';
import { logEventQuietly } from '../modules/eventlogs/eventlogs.service';

/**
 * `app.runs`: the run engine every long-running job kind registers with. In processes that run
 * workers it also sweeps for runs whose worker died: once when the process is ready (a restart
 * after a crash picks up what the crash left) and then every `sweepMs`.
 */
export const runsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ component: 'runs' });
    const runs = new RunEngine({
      db: app.db,
      database: app.database,
      jobs: app.jobs,
      log,
      staleSeconds: app.config.RUN_STALE_SECONDS,
      turnSeconds: app.config.RUN_TURN_SECONDS,
      logEvent: (input) => logEventQuietly(app.db, log, input),
    });
    runs.bind(app);
    app.decorate('runs', runs);
    // Registered after the job queue's hook, so it runs first: the attempts end and their runs
    // are queued again while the queue and the database are still open.
    app.addHook('onClose', async () => {
      await runs.stop();
    });
    if (!app.jobs.runWorkers) return;
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = runs.sweep().catch((error: unknown) => app.log.error({ err: error }, 'run sweep failed'));
      return sweeping;
    };
    app.addHook('onReady', async () => {
      // Not awaited: the start need not wait for it (onClose does).
      void sweep();
      timer = setInterval(() => void sweep(), runs.sweepMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'fairway-runs', dependencies: ['fairway-jobs'] },
);
