/**
 * Closes the app once on SIGINT/SIGTERM (letting requests and jobs finish), and exits. A second
 * signal, or a close that hangs, exits at once.
 */
export function closeOnSignals(close: () => Promise<void>, log: (message: string) => void, graceMs = 20_000): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    log(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      log('shutdown timed out: exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

interface ProcessLog {
  error(details: object, message: string): void;
  fatal(details: object, message: string): void;
}

/**
 * A promise nobody awaited failed (e.g. a library's own bookkeeping write): the work it belonged
 * to has already failed or been retried by its owner, so the process keeps serving; the log says
 * what happened. Ending the process here would turn one bad value into a crash loop.
 */
export function onUnhandledRejection(log: ProcessLog): (reason: unknown) => void {
  return (reason) => log.error({ err: reason }, 'unhandled rejection (the process carries on)');
}

/**
 * A synchronous throw nobody caught leaves the process in an unknown state, so it closes (jobs in
 * flight are handed back, PGlite writes its files) and exits non-zero for its supervisor to start
 * it again. A close that hangs does not keep it alive.
 */
export function onUncaughtException(
  log: ProcessLog,
  close: () => Promise<void>,
  exit: (code: number) => void,
  graceMs = 10_000,
): (error: Error) => void {
  let exiting = false;
  return (error) => {
    log.fatal({ err: error }, 'uncaught exception: closing and exiting');
    if (exiting) return;
    exiting = true;
    const timer = setTimeout(() => exit(1), graceMs);
    timer.unref();
    close()
      .catch((closeError: unknown) => log.error({ err: closeError }, 'close after an uncaught exception failed'))
      .finally(() => exit(1));
  };
}

/** Installs both handlers for the app's process (main.ts, worker.ts). */
export function guardProcess(log: ProcessLog, close: () => Promise<void>): void {
  process.on('unhandledRejection', onUnhandledRejection(log));
  process.on(
    'uncaughtException',
    onUncaughtException(log, close, (code) => process.exit(code)),
  );
}
