import type { OAuthAppConfig } from '../../config';
import { createFortnoxOAuth } from '../fortnox/oauth';
import { createFortnoxProvider } from '../fortnox/provider';
import { SIM_DEFAULT_CLIENT, SIM_DEFAULT_TENANT, startFortnoxSimulator } from '../fortnox/simulator/index';
import { createVismaOAuth } from '../visma-eekonomi/oauth';
import { createVismaEekonomiProvider } from '../visma-eekonomi/provider';
import { DEFAULT_SIMULATOR_CLIENT, startVismaSimulator } from '../visma-eekonomi/simulator/index';
import type { AccessTokenSource, OAuthProvider, TokenSet } from './credentials';
import type { AccountingProvider, ProviderId } from './provider';
import { FORTNOX_RATE_LIMIT, type RateLimit, type RateLimiter, VISMA_EEKONOMI_RATE_LIMIT } from './rate-limiter';
import type { RequestJournal } from './request-journal';

export interface CloudProviderOptions {
  /** Origin of the API (the provider's, or the simulator's). */
  apiBaseUrl: string;
  auth: AccessTokenSource;
  limiter: RateLimiter;
  /** The limiter key of this tenant. */
  rateKey: string;
  /**
   * Our durable record of writes the program has no field of ours for (request-journal.ts); the
   * portal passes the club account's table. Without one a provider keeps it in memory (tests).
   */
  journal?: RequestJournal;
  /** Where the client tells of retries, 429s and lost answers. */
  logger?: { warn(obj: object, msg?: string): void; debug(obj: object, msg?: string): void };
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
  /** Tokens as if the simulator's demo company had just consented (demo wiring). */
  demoTokens?(): TokenSet;
}

/**
 * What the portal needs of a cloud accounting program (Fortnox, Visma eEkonomi): its OAuth
 * endpoints, its API client, its rate limit and its simulator. The integrations module works only
 * through this, so a connection's code is the same for every provider.
 */
export interface CloudProviderKit {
  id: Exclude<ProviderId, 'visma_administration'>;
  rateLimit: RateLimit;
  oauth(app: OAuthAppConfig): OAuthProvider;
  /** The service-account grant (Fortnox `client_credentials` with a TenantId), where there is one. */
  clientCredentials?(app: OAuthAppConfig, tenantId: string): Promise<TokenSet>;
  create(options: CloudProviderOptions): AccountingProvider;
  /** Starts the in-process simulator; `persistFile` keeps its data across restarts. */
  startSimulator(options: { persistFile?: string }): Promise<RunningSimulator>;
  /** The OAuth client the simulator accepts. */
  simulatorClient: { clientId: string; clientSecret: string };
  /** The simulator's demo company, reachable by client credentials (Fortnox). */
  simulatorTenantId?: string;
}

/**
 * Fortnox (API v3). Origins come from config (`https://apps.fortnox.se`, `https://api.fortnox.se`)
 * or the simulator; the kit adds Fortnox's paths. The simulator's demo company has given a
 * service-account consent, so the demo club account works by client credentials across restarts.
 */
const fortnoxKit: CloudProviderKit = {
  id: 'fortnox',
  rateLimit: FORTNOX_RATE_LIMIT,
  oauth: (app) =>
    createFortnoxOAuth({ authBaseUrl: `${app.authUrl}/oauth-v1`, clientId: app.clientId, clientSecret: app.clientSecret }),
  clientCredentials: (app, tenantId) =>
    createFortnoxOAuth({
      authBaseUrl: `${app.authUrl}/oauth-v1`,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
    }).clientCredentials(tenantId),
  create: (options) => createFortnoxProvider({ ...options, apiBaseUrl: `${options.apiBaseUrl}/3` }),
  async startSimulator({ persistFile }) {
    const simulator = await startFortnoxSimulator({ seed: 'demo', persistFile });
    // Granting again would replace the saved consent (and lift a revocation the demo made), so
    // only a fresh simulator gets one.
    if (!simulator.auth.consent(SIM_DEFAULT_CLIENT.clientId, simulator.defaultTenantId))
      simulator.auth.grantConsent(SIM_DEFAULT_CLIENT.clientId, simulator.defaultTenantId, { service: true });
    return simulator;
  },
  simulatorClient: SIM_DEFAULT_CLIENT,
  simulatorTenantId: SIM_DEFAULT_TENANT,
};

/** Visma eEkonomi (API v2): identity server and API origins; the kit adds `/v2`. */
const vismaKit: CloudProviderKit = {
  id: 'visma_eekonomi',
  rateLimit: VISMA_EEKONOMI_RATE_LIMIT,
  oauth: (app) => createVismaOAuth({ authBaseUrl: app.authUrl, clientId: app.clientId, clientSecret: app.clientSecret }),
  create: (options) => createVismaEekonomiProvider({ ...options, apiBaseUrl: `${options.apiBaseUrl}/v2` }),
  async startSimulator({ persistFile }) {
    const simulator = await startVismaSimulator({ seed: 'demo', persistFile });
    return {
      url: simulator.url,
      close: () => simulator.close(),
      demoTokens: () => ({ ...simulator.grantConsent(), scope: null }),
    };
  },
  simulatorClient: DEFAULT_SIMULATOR_CLIENT,
};

/** The cloud programs the portal connects to with OAuth (Visma Administration uses the connector). */
export const CLOUD_KITS: readonly CloudProviderKit[] = [fortnoxKit, vismaKit];

/** Our public page the provider sends the user back to (named after the provider; docs/accounting.md#connections). */
export function providerPage(id: CloudProviderKit['id']): string {
  return id === 'fortnox' ? '/fortnox' : '/visma';
}
