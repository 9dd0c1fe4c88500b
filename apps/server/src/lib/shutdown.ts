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
