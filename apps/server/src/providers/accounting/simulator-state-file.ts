import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * The file an in-process accounting simulator keeps its data in (demo mode), so documents the demo
 * created and the tokens the portal holds are still there after a restart. The file is
 * `{ version: 1, simulator, savedAt, state }`; writes go to a temporary file that is renamed over
 * the old one, so a crash mid-write leaves the previous state, never half a file.
 */

export const STATE_FILE_VERSION = 1;

export interface StateFileOptions<T> {
  path: string;
  /** Which simulator wrote the file (`fortnox`, `visma_eekonomi`); another's file counts as unreadable. */
  simulator: string;
  /** The state to write, taken when the write starts (plain JSON values). */
  snapshot: () => unknown;
  /** Turns the saved `state` back into the simulator's; throws when it is not a state it wrote. */
  restore: (state: unknown) => T;
  /** How long a change waits for others before the file is written. */
  debounceMs?: number;
  /** Where warnings go; stderr unless a test listens. */
  warn?: (message: string) => void;
}

export interface StateFile<T> {
  /**
   * The saved state, or null when there is none. An unreadable or foreign file is moved aside to
   * `<path>.corrupt-<time>` (so nobody loses it) and answers null: the simulator seeds afresh.
   */
  load(): T | null;
  /** Something changed: the file is written within `debounceMs`, with whatever else changes meanwhile. */
  changed(): void;
  /** Writes pending changes now. */
  flush(): Promise<void>;
  /**
   * Writes the state now, synchronously and durably (on disk, renamed into place) before it
   * returns: a simulator calls it before answering a write, so a write it confirmed survives a
   * `kill -9` the moment after. Throws when the file cannot be written (the caller answers 500).
   */
  saveNow(): void;
  /** Writes the state once more (whatever changed without `changed()` too) and stops the timer. */
  close(): Promise<void>;
}

const defaultWarn = (message: string) => {
  process.stderr.write(`warning: ${message}\n`);
};

export function openStateFile<T>(options: StateFileOptions<T>): StateFile<T> {
  const debounceMs = options.debounceMs ?? 250;
  const warn = options.warn ?? defaultWarn;
  let dirty = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  function load(): T | null {
    let text: string;
    try {
      text = readFileSync(options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      moveAside(`cannot be read (${(error as Error).message})`);
      return null;
    }
    try {
      const parsed = JSON.parse(text) as { version?: unknown; simulator?: unknown; state?: unknown };
      if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
      if (parsed.version !== STATE_FILE_VERSION) throw new Error(`unknown version ${String(parsed.version)}`);
      if (parsed.simulator !== options.simulator) throw new Error(`written by ${String(parsed.simulator)}`);
      return options.restore(parsed.state);
    } catch (error) {
      moveAside(`is not a saved state (${(error as Error).message})`);
      return null;
    }
  }

  function moveAside(why: string) {
    const aside = `${options.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(options.path, aside);
      warn(
        `the ${options.simulator} simulator's state file ${options.path} ${why}; kept it as ${aside} and started from fresh demo data`,
      );
    } catch (error) {
      warn(
        `the ${options.simulator} simulator's state file ${options.path} ${why} and could not be moved aside (${(error as Error).message}); started from fresh demo data`,
      );
    }
  }

  function text(): string {
    return JSON.stringify({
      version: STATE_FILE_VERSION,
      simulator: options.simulator,
      savedAt: new Date().toISOString(),
      state: options.snapshot(),
    });
  }

  function saveNow() {
    const temporary = `${options.path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    try {
      const fd = openSync(temporary, 'w');
      try {
        const data = Buffer.from(text(), 'utf8');
        let written = 0;
        while (written < data.length) written += writeSync(fd, data, written);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, options.path);
      // Whatever `changed()` had pending is in this write.
      dirty = false;
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  // Every write is synchronous (saveNow), so an older snapshot can never be renamed over a newer one.
  function flush(): Promise<void> {
    if (!dirty) return Promise.resolve();
    try {
      saveNow();
    } catch (error) {
      // The simulator keeps answering from memory; the next change tries again.
      dirty = true;
      warn(`could not save the ${options.simulator} simulator's state to ${options.path}: ${(error as Error).message}`);
    }
    return Promise.resolve();
  }

  return {
    load,
    changed() {
      dirty = true;
      if (timer || closed) return;
      // Not a sliding debounce: a steady stream of requests must not postpone the write forever.
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, debounceMs);
      timer.unref();
    },
    flush,
    saveNow,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      dirty = true;
      await flush();
    },
  };
}
