/**
 * What every crash child shares (git-sync.crash-child.ts, sendout.crash-child.ts and the
 * send-out benchmark's bench/lib/sendout-worker.ts): a process a test or benchmark starts, kills
 * with SIGKILL and starts again. It runs `main`, stays alive while the app waits on unref'd
 * timers (the rate limiter's, the run engine's), exits 0 when `main` is done and 1 with the stack
 * when it throws.
 */
export function runCrashChild(main: () => Promise<void>): void {
  const keepAlive = setInterval(() => {}, 1_000);
  main().then(
    () => {
      clearInterval(keepAlive);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}

/** The statuses after which a run is over (lib/runs). */
const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * The `work` mode's wait: reads the run's status every `pollMs` until it is over, prints
 * `done <status>` (what the parent waits for) and answers the status.
 */
export async function waitForRunEnd(readStatus: () => Promise<string | undefined>, pollMs = 200): Promise<string> {
  for (;;) {
    const status = await readStatus();
    if (status && FINISHED.has(status)) {
      process.stdout.write(`done ${status}\n`);
      return status;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
