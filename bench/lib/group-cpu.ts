/**
 * CPU time of a process group (a product started by apps/server/test/product-process.ts runs in
 * its own: npm, sh, node and their threads), read from Linux's /proc/<pid>/stat, and a wait until
 * the group is quiet: a freshly seeded product keeps a core busy for a while after it answers its
 * health check (the demo's first refresh and GIT sync), which a page measured meanwhile would pay
 * for. Elsewhere than Linux the figures are null and nothing waits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { statFieldsAfterName, ticksOfStat } from './thread-cpu';

const MS_PER_TICK = 10;

/** The process group (field 5: the third after the name) of one /proc/<pid>/stat line. */
export function groupOfStat(line: string): number {
  return Number(statFieldsAfterName(line)[2]);
}

/** Milliseconds of CPU (user + system, every thread) used so far by the live processes of group `pgid`. */
export function groupCpuMs(pgid: number): number | null {
  if (process.platform !== 'linux') return null;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended between the listing and the read
    }
    if (groupOfStat(line) === pgid) ticks += ticksOfStat(line);
  }
  return ticks * MS_PER_TICK;
}

export interface Quiet {
  /** How long the wait took. */
  waitedMs: number;
  /** The group's share of one core over the last window (0.25 = a quarter of a core). */
  share: number;
  /** False when `maxMs` ran out first. */
  quiet: boolean;
}

/** Waits until group `pgid` used less than `belowShare` of a core over a `windowMs` window, at most `maxMs`. */
export async function waitUntilQuiet(
  pgid: number,
  { belowShare = 0.25, windowMs = 5_000, maxMs = 180_000 }: { belowShare?: number; windowMs?: number; maxMs?: number } = {},
): Promise<Quiet | null> {
  const started = performance.now();
  const first = groupCpuMs(pgid);
  if (first === null) return null;
  let before = first;
  for (;;) {
    const windowStart = performance.now();
    await new Promise((done) => setTimeout(done, windowMs));
    const after: number = groupCpuMs(pgid) ?? before;
    const share = (after - before) / (performance.now() - windowStart);
    before = after;
    const waitedMs = performance.now() - started;
    if (share < belowShare) return { waitedMs, share, quiet: true };
    if (waitedMs >= maxMs) return { waitedMs, share, quiet: false };
  }
}
