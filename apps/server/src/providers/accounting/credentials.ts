/**
 * How a provider client gets its bearer token without knowing where tokens live. The
 * integrations module implements it over the `accounting_connections` row of the club account:
 * tokens encrypted at rest, a refresh taken under a lease so one tenant is never refreshed twice
 * at once (Fortnox and Visma refresh tokens are single-use and rotate), and the new pair
 * persisted in the same statement that releases the lease.
 */
export interface AccessTokenSource {
  /** A token believed valid now (refreshed first when it expires within a minute). */
  get(): Promise<string>;
  /**
   * The provider answered 401 to `rejected`: refresh unless another request already did, and
   * answer the token to retry with. Throws `AccountingError('consent_revoked')` when the refresh
   * grant itself is refused, after marking the connection as needing a reconnect.
   */
  refreshAfterRejection(rejected: string): Promise<string>;
}

/** Tokens as an OAuth token endpoint answers them. */
export interface TokenSet {
  accessToken: string;
  /** Absent for the client-credentials grant (a new access token is simply requested). */
  refreshToken: string | null;
  expiresAt: Date;
  scope: string | null;
  /** The company the token is for, where the token says (Fortnox's JWT carries a `tenantId` claim). */
  tenantId?: string | null;
}

/**
 * A provider's OAuth2 endpoints, implemented by each cloud client (fortnox/oauth.ts,
 * visma-eekonomi/oauth.ts) and used by the integrations module for activation and refresh.
 */
export interface OAuthProvider {
  /** Where to send the user's browser to give consent; `redirectUri` is our public provider page. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenSet>;
  /** Throws AccountingError('consent_revoked') on `invalid_grant`. */
  refresh(refreshToken: string): Promise<TokenSet>;
}
