import type { OAuthAppConfig } from '../../config';
import type { AccessTokenSource, OAuthProvider, TokenSet } from './credentials';
import type { AccountingProvider, ProviderId } from './provider';
import type { RateLimit, RateLimiter } from './rate-limiter';

export interface CloudProviderOptions {
  /** Origin of the API (the provider's, or the simulator's). */
  apiBaseUrl: string;
  auth: AccessTokenSource;
  limiter: RateLimiter;
  /** The limiter key of this tenant. */
  rateKey: string;
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
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
}

/** The cloud programs the portal connects to with OAuth (Visma Administration uses the connector). */
export const CLOUD_KITS: readonly CloudProviderKit[] = [];

/** Our public page the provider sends the user back to (spec §2: named after the provider). */
export function providerPage(id: CloudProviderKit['id']): string {
  return id === 'fortnox' ? '/fortnox' : '/visma';
}
