import type { ElksConfig } from '../../config';
import type { SimulatorHost, SimulatorKit } from '../accounting/simulator-host';
import { createElksClient, type ElksClient, type ElksClientOptions } from './client';
import { ELKS_SIM_DEMO_ACCOUNT, startElksSimulator } from './simulator/index';

/** The 46elks simulator as the simulator host starts it: on first use, its SMS kept in DATA_DIR. */
export const elksSimulatorKit: SimulatorKit = {
  id: '46elks',
  async startSimulator({ persistFile }) {
    const simulator = await startElksSimulator({ persistFile });
    return { url: simulator.url, close: () => simulator.close() };
  },
};

/** Tuning a caller may give the client (timeouts and retries); where and as whom is the configuration's. */
export type ElksClientTuning = Omit<ElksClientOptions, 'apiUrl' | 'username' | 'password'>;

export interface SmsProviderAccess {
  /**
   * True when no 46elks account is configured (ELKS_API_USERNAME): SMS then go to the in-process
   * simulator and reach nobody. What the portal says of a send-out must say so.
   */
  readonly simulated: boolean;
  /** A client for the configured 46elks account, or for the simulator's demo account (started on first use). */
  client(tuning?: ElksClientTuning): Promise<ElksClient>;
}

/**
 * Where SMS go: the configured 46elks account, else the simulator, which speaks the same protocol
 * (CONTRACT.md) so that everything built on the client is exercised end to end in the demo and in
 * tests. A test that wants its own simulator (faults, accounts) registers it first with
 * `simulators.use('46elks', …)` and passes its credentials in `config`.
 */
export function smsProviderAccess(config: ElksConfig | null, simulators: SimulatorHost): SmsProviderAccess {
  return {
    simulated: config === null,
    async client(tuning = {}) {
      if (config)
        return createElksClient({ ...tuning, apiUrl: config.apiUrl, username: config.username, password: config.password });
      const url = await simulators.url(elksSimulatorKit);
      return createElksClient({
        ...tuning,
        apiUrl: `${url}/a1`,
        username: ELKS_SIM_DEMO_ACCOUNT.username,
        password: ELKS_SIM_DEMO_ACCOUNT.password,
      });
    },
  };
}
