import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on a PGlite data folder. PGlite has no postmaster to refuse a second
 * opener: two processes on one folder both start, both write, and the folder is corrupt for
 * good (seen when a second `npm start` ran beside the first). Opening the folder takes
 * `<folder>/fairway.pid` with the process id; a second process finds a living owner and stops
 * with `DataDirInUseError`. A file left by a process that died (crash, SIGKILL) names a pid that
 * no longer runs and is taken over, so a restart after a kill needs nobody to clean up.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dir} is in use by another Fairway process (pid ${pid}). Stop that process first: two processes on one embedded database corrupt it. If no Fairway process runs, delete ${path.join(dir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export const LOCK_FILE = 'fairway.pid';

/** Folders this process holds, so a second opener within the process is refused as well. */
const heldHere = new Set<string>();

export interface DataDirLock {
  /** Lets the folder go; idempotent. */
  release(): void;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function owner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes `dir` for this process, or throws `DataDirInUseError` when a living process has it. */
export function lockDataDir(dir: string): DataDirLock {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  if (heldHere.has(resolved)) throw new DataDirInUseError(resolved, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written whole under a name of its own, then linked into place: linking fails when the file
    // exists, and a reader never sees a half-written pid.
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, `${process.pid}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
      rmSync(draft, { force: true });
      heldHere.add(resolved);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(resolved);
        process.off('exit', release);
        if (owner(file) === process.pid) rmSync(file, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      rmSync(draft, { force: true });
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = owner(file);
      // Our own pid in a file no lock of ours made is a previous process's leftover under a reused pid.
      if (pid !== null && pid !== process.pid && running(pid)) throw new DataDirInUseError(resolved, pid);
      // Dead owner, or a file that names none: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(resolved, owner(file) ?? 0);
}
