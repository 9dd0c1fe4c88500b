import { createHmac, randomBytes } from 'node:crypto';

/**
 * The simulator's side of apps.fortnox.se/oauth-v1: registered clients, consents per tenant,
 * authorization codes, access tokens (JWT-shaped, one hour, carrying the tenantId claim like
 * Fortnox's) and single-use rotating refresh tokens. State is in memory (and, in demo mode, in the
 * simulator's state file: see `exportState`); the clock is the simulator's, so tests can move time
 * forward.
 */

export interface SimClient {
  clientId: string;
  clientSecret: string;
}

export interface AccessRecord {
  tenantId: string;
  clientId: string;
  scope: string;
  expiresAt: number;
}

interface RefreshRecord {
  tenantId: string;
  clientId: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface CodeRecord {
  tenantId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  service: boolean;
  expiresAt: number;
  used: boolean;
}

interface Consent {
  scope: string;
  service: boolean;
  revoked: boolean;
}

/**
 * What survives a restart: consents, issued tokens and the key that signed them. Authorization
 * codes live ten minutes and are dropped.
 */
export interface SimAuthState {
  signingKey: string;
  consents: ({ clientId: string; tenantId: string } & Consent)[];
  accessTokens: [token: string, record: AccessRecord][];
  refreshTokens: [token: string, record: RefreshRecord][];
}

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  scope: string;
  expires_in: number;
  token_type: 'bearer';
}

/** Why a token endpoint request failed, as RFC 6749 §5.2 names it. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
  ) {
    super(description);
  }
}

/** Every scope the simulator knows (Fortnox's scope names, CONTRACT.md rule O1). */
export const ALL_SCOPES = [
  'companyinformation',
  'customer',
  'article',
  'invoice',
  'payment',
  'bookkeeping',
  'order',
  'supplier',
  'supplierinvoice',
  'settings',
  'price',
  'costcenter',
  'project',
];

const ACCESS_TTL_S = 3600;
/** Fortnox refresh tokens live 45 days. */
const REFRESH_TTL_MS = 45 * 86_400_000;
const CODE_TTL_MS = 10 * 60_000;

export class SimAuth {
  readonly clients = new Map<string, string>();
  private readonly consents = new Map<string, Consent>();
  private readonly accessTokens = new Map<string, AccessRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  private readonly codes = new Map<string, CodeRecord>();
  private signingKey = randomBytes(32);
  /** Called after every change of consents or tokens (the simulator saves its state file). */
  onChange: () => void = () => {};

  constructor(
    clients: SimClient[],
    private readonly now: () => number,
  ) {
    for (const c of clients) this.clients.set(c.clientId, c.clientSecret);
  }

  private consentKey(clientId: string, tenantId: string) {
    return `${clientId}\u0000${tenantId}`;
  }

  /** The consent `clientId` holds for `tenantId`, revoked or not. */
  consent(clientId: string, tenantId: string): Readonly<Consent> | undefined {
    return this.consents.get(this.consentKey(clientId, tenantId));
  }

  exportState(): SimAuthState {
    return {
      signingKey: this.signingKey.toString('base64'),
      consents: [...this.consents].map(([key, consent]) => {
        const [clientId = '', tenantId = ''] = key.split('\u0000');
        return { clientId, tenantId, ...consent };
      }),
      accessTokens: [...this.accessTokens].map(([token, record]) => [token, { ...record }]),
      refreshTokens: [...this.refreshTokens].map(([token, record]) => [token, { ...record }]),
    };
  }

  /** Replaces consents and tokens with saved ones (a state `exportState` gave, checked by the caller). */
  importState(state: SimAuthState): void {
    this.signingKey = Buffer.from(state.signingKey, 'base64');
    this.consents.clear();
    for (const { clientId, tenantId, scope, service, revoked } of state.consents)
      this.consents.set(this.consentKey(clientId, tenantId), { scope, service, revoked });
    this.accessTokens.clear();
    for (const [token, record] of state.accessTokens) this.accessTokens.set(token, { ...record });
    this.refreshTokens.clear();
    for (const [token, record] of state.refreshTokens) this.refreshTokens.set(token, { ...record });
    this.codes.clear();
  }

  checkClient(clientId: string, clientSecret: string): void {
    if (!clientId || this.clients.get(clientId) !== clientSecret)
      throw new OAuthError(401, 'invalid_client', 'Invalid client credentials');
  }

  /** The user approved on the consent page: a consent and a one-time code (10 minutes). */
  approve(input: { clientId: string; tenantId: string; redirectUri: string; scope: string; service: boolean }): string {
    this.consents.set(this.consentKey(input.clientId, input.tenantId), {
      scope: input.scope,
      service: input.service,
      revoked: false,
    });
    const code = randomBytes(18).toString('base64url');
    this.codes.set(code, { ...input, expiresAt: this.now() + CODE_TTL_MS, used: false });
    this.onChange();
    return code;
  }

  /** Gives `clientId` a consent for `tenantId` without the browser (tests, demo wiring). */
  grantConsent(clientId: string, tenantId: string, options: { scope?: string; service?: boolean } = {}) {
    this.consents.set(this.consentKey(clientId, tenantId), {
      scope: options.scope ?? ALL_SCOPES.join(' '),
      service: options.service ?? false,
      revoked: false,
    });
    this.onChange();
  }

  /** The customer removed the integration: every token of the tenant stops working. */
  revokeConsent(tenantId: string) {
    for (const [key, consent] of this.consents) if (key.endsWith(`\u0000${tenantId}`)) consent.revoked = true;
    for (const [token, record] of this.accessTokens) if (record.tenantId === tenantId) this.accessTokens.delete(token);
    for (const [token, record] of this.refreshTokens) if (record.tenantId === tenantId) this.refreshTokens.delete(token);
    this.onChange();
  }

  /** Every access token of the tenant expires now (refresh tokens keep working). */
  expireAccessTokens(tenantId: string) {
    for (const record of this.accessTokens.values()) if (record.tenantId === tenantId) record.expiresAt = this.now();
    this.onChange();
  }

  private liveConsent(clientId: string, tenantId: string): Consent | undefined {
    const consent = this.consents.get(this.consentKey(clientId, tenantId));
    return consent && !consent.revoked ? consent : undefined;
  }

  /** Tokens for a tenant, as if the code flow had just run (tests and demo wiring). */
  issue(clientId: string, tenantId: string, scope = ALL_SCOPES.join(' ')): TokenAnswer {
    if (!this.liveConsent(clientId, tenantId)) this.grantConsent(clientId, tenantId, { scope });
    return this.tokens(clientId, tenantId, scope, true);
  }

  private tokens(clientId: string, tenantId: string, scope: string, withRefresh: boolean): TokenAnswer {
    const now = this.now();
    const accessToken = this.jwt({
      tenantId: Number(tenantId),
      clientId,
      scope,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + ACCESS_TTL_S,
      jti: randomBytes(8).toString('hex'),
    });
    this.accessTokens.set(accessToken, { tenantId, clientId, scope, expiresAt: now + ACCESS_TTL_S * 1000 });
    const answer: TokenAnswer = { access_token: accessToken, scope, expires_in: ACCESS_TTL_S, token_type: 'bearer' };
    if (withRefresh) {
      const refresh = randomBytes(24)
        .toString('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5');
      this.refreshTokens.set(refresh, { tenantId, clientId, scope, expiresAt: now + REFRESH_TTL_MS, used: false });
      answer.refresh_token = refresh;
    }
    this.onChange();
    return answer;
  }

  private jwt(payload: object): string {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const signature = createHmac('sha256', this.signingKey).update(`${header}.${body}`).digest('base64url');
    return `${header}.${body}.${signature}`;
  }

  exchangeCode(clientId: string, code: string, redirectUri: string): TokenAnswer {
    const record = this.codes.get(code);
    if (!record || record.clientId !== clientId) throw new OAuthError(400, 'invalid_grant', 'Invalid authorization code');
    if (record.used) {
      // A replayed code: RFC 6749 §4.1.2 says revoke what it issued.
      this.codes.delete(code);
      throw new OAuthError(400, 'invalid_grant', 'Authorization code already used');
    }
    if (record.expiresAt < this.now()) throw new OAuthError(400, 'invalid_grant', 'Authorization code expired');
    if (record.redirectUri !== redirectUri) throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match');
    if (!this.liveConsent(clientId, record.tenantId)) throw new OAuthError(400, 'invalid_grant', 'Consent has been revoked');
    record.used = true;
    return this.tokens(clientId, record.tenantId, record.scope, true);
  }

  refresh(clientId: string, refreshToken: string): TokenAnswer {
    const record = this.refreshTokens.get(refreshToken);
    if (!record || record.clientId !== clientId) throw new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
    if (record.used) throw new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
    if (record.expiresAt < this.now()) throw new OAuthError(400, 'invalid_grant', 'Refresh token expired');
    if (!this.liveConsent(clientId, record.tenantId)) throw new OAuthError(400, 'invalid_grant', 'Consent has been revoked');
    record.used = true;
    return this.tokens(clientId, record.tenantId, record.scope, true);
  }

  clientCredentials(clientId: string, tenantId: string): TokenAnswer {
    if (!tenantId) throw new OAuthError(400, 'invalid_request', 'TenantId header is required');
    const consent = this.liveConsent(clientId, tenantId);
    if (!consent?.service) throw new OAuthError(400, 'invalid_grant', 'No service account consent for this tenant');
    return this.tokens(clientId, tenantId, consent.scope, false);
  }

  /** The record behind a bearer token, or why it does not work. */
  verify(token: string): AccessRecord | 'invalid' | 'expired' {
    const record = this.accessTokens.get(token);
    if (!record) return 'invalid';
    if (record.expiresAt <= this.now()) return 'expired';
    if (!this.liveConsent(record.clientId, record.tenantId)) return 'invalid';
    return record;
  }
}
