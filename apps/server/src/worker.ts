import { buildApp } from './app';
import { closeOnSignals, guardProcess } from './lib/shutdown';
import { applyV8FlagsAfterStart, loadConfigOrExit } from './lib/startup';

/**
 * A process that only runs background jobs (`npm run worker`), for deployments that keep them
 * apart from the API processes. It builds the same app, so every module registers its job
 * handlers as usual, but never listens for HTTP.
 */
async function main(): Promise<void> {
  const config = { ...loadConfigOrExit(), RUN_WORKERS: true };
  if (!config.DATABASE_URL) {
    // PGlite is one process' private database: a second process opening its files would corrupt them.
    console.error('A separate worker needs PostgreSQL (set DATABASE_URL). With PGlite, `npm start` runs the jobs itself.');
    process.exit(1);
  }
  const app = await buildApp(config);
  applyV8FlagsAfterStart();
  guardProcess(app.log, () => app.close());
  closeOnSignals(
    () => app.close(),
    (message) => app.log.info(message),
  );
  app.log.info('worker started: running jobs, no HTTP');
}

main().catch((error: unknown) => {
  console.error('The Fairway worker failed to start:', error);
  process.exit(1);
});
