import v8 from 'node:v8';
import { type Config, ConfigError, loadConfig } from '../config';

/** The config, or a readable list of what is wrong with the environment and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * V8 settings that save memory but would slow the start, set once the process has started: the
 * server calls this when it listens, the job worker when its app is built. They come from
 * `FAIRWAY_V8_FLAGS_AFTER_START`, which apps/server/scripts/start.sh sets (`--optimize-for-size`:
 * on the command line it cost about 0.25 s of garbage collection while the modules load; set
 * afterwards it keeps the idle memory as low, docs/operations.md#memory). Unset, nothing changes.
 */
export function applyV8FlagsAfterStart(): void {
  const flags = process.env.FAIRWAY_V8_FLAGS_AFTER_START?.trim();
  if (flags) v8.setFlagsFromString(flags);
}
