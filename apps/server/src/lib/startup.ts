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
