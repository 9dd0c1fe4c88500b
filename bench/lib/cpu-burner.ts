/**
 * A process that keeps one core busy until it is told to stop: the list benchmarks' `--cpu-load`
 * (bench/README.md#invoice-list) starts some while they time, as another program on a busy machine
 * would. It spins in slices of 50 ms and yields between them, so the parent's "exit" gets through.
 */
const SLICE_MS = 50;

function spin(): void {
  const until = performance.now() + SLICE_MS;
  while (performance.now() < until) {
    // Busy on purpose: this process exists to take CPU time from the server under test.
  }
  setImmediate(spin);
}

if (process.send) {
  process.on('message', (message) => {
    if (message === 'exit') process.exit(0);
  });
  process.send('spinning');
  spin();
}
