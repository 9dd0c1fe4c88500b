/**
 * CPU time of this process' main thread apart from its other threads (on PGlite, mostly its
 * worker thread: PostgreSQL in WebAssembly; then libuv's pool and V8's helpers), read from
 * Linux's /proc/self/task/<tid>/stat. A list request's cost split this way tells which thread a
 * rate saturates first. Elsewhere than Linux the split is null.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadCpu {
  /** Milliseconds of CPU (user + system) of the main thread. */
  main: number;
  /** Milliseconds of CPU of every other thread of the process, ended threads not counted. */
  others: number;
}

/** Clock ticks per second of /proc's figures (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The fields of a /proc stat line after the name (field 2, in parentheses), which may itself hold
 * spaces and parentheses: counted after its last closing parenthesis, state is the first there.
 */
export function statFieldsAfterName(line: string): string[] {
  return line
    .slice(line.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
}

/** utime + stime of one /proc/<pid>[/task/<tid>]/stat line, in ticks: the 12th and 13th fields after the name. */
export function ticksOfStat(line: string): number {
  const rest = statFieldsAfterName(line);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a stat line: ${line.slice(0, 80)}`);
  return utime + stime;
}

export function readThreadCpu(): ThreadCpu | null {
  if (process.platform !== 'linux') return null;
  let main = 0;
  let others = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    let ticks: number;
    try {
      ticks = ticksOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'));
    } catch {
      continue; // the thread ended between the listing and the read
    }
    if (Number(tid) === process.pid) main += ticks;
    else others += ticks;
  }
  const ms = 1000 / TICKS_PER_SECOND;
  return { main: main * ms, others: others * ms };
}

/** What the threads used between two readings. */
export function threadCpuSince(before: ThreadCpu | null, after: ThreadCpu | null): ThreadCpu | null {
  if (!before || !after) return null;
  return { main: after.main - before.main, others: Math.max(0, after.others - before.others) };
}
