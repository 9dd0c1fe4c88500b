import { describe, expect, it } from 'vitest';
import { readThreadCpu, threadCpuSince, ticksOfStat } from './thread-cpu';

describe('thread CPU', () => {
  it("reads utime + stime after the thread's name, whatever the name holds", () => {
    const fields = 'S 1 2 3 4 5 6 7 8 9 10 250 40 0 0 20 0 9 0 100';
    expect(ticksOfStat(`4242 (node) ${fields}`)).toBe(290);
    expect(ticksOfStat(`4243 (a (b) c) ${fields}`)).toBe(290);
    expect(() => ticksOfStat('garbage')).toThrow(/not a stat line/);
  });

  it.runIf(process.platform === 'linux')("counts this process' main thread's work on the main thread", () => {
    const before = readThreadCpu();
    const start = process.cpuUsage();
    let x = 0;
    // 200 ms of this thread's CPU, however long a busy machine takes to give it.
    while (process.cpuUsage(start).user < 200_000) x += Math.sqrt(x + 1);
    const used = threadCpuSince(before, readThreadCpu());
    expect(x).toBeGreaterThan(0);
    // Read in 10 ms ticks, the process' other threads idle meanwhile: most of it is the main thread's.
    expect(used?.main).toBeGreaterThanOrEqual(150);
  });
});
