import { decodeJwt } from 'jose';
import type { OAuthProvider, TokenSet } from '../accounting/credentials';
import { AccountingError } from '../accounting/errors';

export interface FortnoxOAuthOptions {
  /** `https://apps.fortnox.se/oauth-v1`, or a simulator's `authBaseUrl`. */
  authBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated Fortnox scopes asked for on activation. */
  scope?: string;
  /** `service` makes the consent usable by the client-credentials grant (service account). */
  accountType?: 'service' | 'user';
  timeoutMs?: number;
}

export interface FortnoxOAuth extends OAuthProvider {
  /** Service-account grant: a new access token for `tenantId` (Fortnox's DatabaseNumber), no refresh token. */
  clientCredentials(tenantId: string): Promise<TokenSet>;
}

/**
 * What the portal reads, writes and books in Fortnox, one scope per resource it touches
 * (CONTRACT.md rule O1): price lists and prices need `price`. Every one is asked for at the first
 * consent, since a scope added later only reaches clubs that consent again.
 */
export const FORTNOX_SCOPES =
  'companyinformation customer article invoice payment bookkeeping order supplier supplierinvoice settings price costcenter project';

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  scope?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/**
 * Fortnox's OAuth2 endpoints (apps.fortnox.se/oauth-v1): the consent URL, the code exchange,
 * refresh with single-use rotating refresh tokens, and client credentials with `TenantId`. A
 * refused grant (`invalid_grant`: used or expired refresh token, revoked consent) is
 * `consent_revoked`, which sends the club account to reconnect.
 */
/**
 * The `tenantId` claim of a Fortnox access token (a JWT; the tenant is the company's
 * DatabaseNumber), read without verifying it: it only tells which company's rate budget the
 * connection shares before the first API call. Null when the token is not a JWT or has no claim.
 */
export function tenantOf(accessToken: string): string | null {
  try {
    const claim = decodeJwt(accessToken).tenantId;
    return typeof claim === 'number' || (typeof claim === 'string' && claim !== '') ? String(claim) : null;
  } catch {
    return null;
  }
}

export function createFortnoxOAuth(options: FortnoxOAuthOptions): FortnoxOAuth {
  const base = options.authBaseUrl.replace(/\/$/, '');
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function token(form: Record<string, string>, headers: Record<string, string> = {}): Promise<TokenSet> {
    let response: Response;
    try {
      response = await fetch(`${base}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...headers,
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new AccountingError(
        timedOut ? 'timeout' : 'unavailable',
        timedOut ? 'accounting.timeout' : 'accounting.unavailable',
        { provider: 'Fortnox' },
        { provider: 'fortnox', cause: error },
      );
    }
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (response.ok && answer.access_token) {
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token ?? null,
        expiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000),
        scope: answer.scope ?? null,
        tenantId: tenantOf(answer.access_token),
      };
    }
    if (answer.error === 'invalid_grant') {
      throw new AccountingError(
        'consent_revoked',
        'accounting.consentRevoked',
        { provider: 'Fortnox' },
        { provider: 'fortnox', providerCode: answer.error },
      );
    }
    if (response.status === 429)
      throw new AccountingError('rate_limited', 'accounting.rateLimited', { provider: 'Fortnox' }, { provider: 'fortnox' });
    if (response.status >= 500)
      throw new AccountingError(
        'unavailable',
        'accounting.unavailable',
        { provider: 'Fortnox' },
        { provider: 'fortnox', providerCode: response.status },
      );
    // invalid_client and the like: our own configuration is wrong, not the club's consent.
    throw new AccountingError(
      'not_connected',
      'accounting.rejected',
      { provider: 'Fortnox', detail: answer.error_description ?? answer.error ?? `HTTP ${response.status}` },
      { provider: 'fortnox', providerCode: answer.error ?? response.status },
    );
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${base}/auth`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', options.scope ?? FORTNOX_SCOPES);
      url.searchParams.set('state', state);
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('response_type', 'code');
      if (options.accountType === 'service') url.searchParams.set('account_type', 'service');
      return url.toString();
    },
    exchangeCode: ({ code, redirectUri }) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    clientCredentials: (tenantId) => token({ grant_type: 'client_credentials' }, { TenantId: tenantId }),
  };
}
