import type { SimulatorHost, SimulatorKit } from '../accounting/simulator-host';
import { createGitClient, type GitClient, type GitClientOptions } from './git.client';
import { DEFAULT_GIT_API_KEY, startGitSimulator } from './git.simulator';
import { DEFAULT_GIT_CLUB_ID } from './git.simulator-data';

/**
 * Demo mode's GIT: the in-process simulator, started on first use by the server's simulator host
 * (like the accounting programs' simulators) with its data kept in `DATA_DIR/simulators/git.json`.
 */
export const GIT_SIMULATOR_KIT: SimulatorKit = {
  id: 'git',
  startSimulator: ({ persistFile }) => startGitSimulator({ persistFile }),
};

export interface GitConnection {
  baseUrl: string;
  apiKey: string;
  clubId: string;
}

/** Where the demo club's GIT is and how to sign in to it (starting the simulator if needed). */
export async function demoGitConnection(host: SimulatorHost): Promise<GitConnection> {
  const url = await host.url(GIT_SIMULATOR_KIT);
  return { baseUrl: `${url}/api/v1`, apiKey: DEFAULT_GIT_API_KEY, clubId: DEFAULT_GIT_CLUB_ID };
}

/** A GIT client for the demo club's simulator. */
export async function demoGitClient(
  host: SimulatorHost,
  options: Omit<GitClientOptions, keyof GitConnection> = {},
): Promise<GitClient> {
  return createGitClient({ ...options, ...(await demoGitConnection(host)) });
}
