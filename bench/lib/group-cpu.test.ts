import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { groupCpuMs, groupOfStat, waitUntilQuiet } from './group-cpu';

describe('process group CPU', () => {
  it("reads the process group after the process' name, whatever the name holds", () => {
    const fields = 'S 1 4711 3 4 5 6 7 8 9 10 250 40 0 0 20 0 9 0 100';
    expect(groupOfStat(`4242 (node) ${fields}`)).toBe(4711);
    expect(groupOfStat(`4243 (a (b) c) ${fields}`)).toBe(4711);
  });

  it.runIf(process.platform === 'linux')(
    'counts a busy group, and waits until it is quiet',
    async () => {
      // A group of its own that spins for 300 ms of its CPU, however long a busy machine takes, then idles.
      const child = spawn(
        process.execPath,
        [
          '-e',
          'const s = process.cpuUsage(); let x = 0; while (process.cpuUsage(s).user < 300_000) x += Math.sqrt(x + 1); setTimeout(() => {}, 60_000);',
        ],
        { detached: true, stdio: 'ignore' },
      );
      try {
        const pgid = child.pid as number;
        let used = 0;
        for (let i = 0; i < 600 && used < 250; i++) {
          await new Promise((done) => setTimeout(done, 50));
          used = groupCpuMs(pgid) ?? 0;
        }
        expect(used).toBeGreaterThanOrEqual(250);
        const quiet = await waitUntilQuiet(pgid, { windowMs: 500, maxMs: 30_000 });
        expect(quiet?.quiet).toBe(true);
        expect(quiet?.share).toBeLessThan(0.25);
      } finally {
        process.kill(-(child.pid as number), 'SIGKILL');
      }
    },
    60_000,
  );
});
