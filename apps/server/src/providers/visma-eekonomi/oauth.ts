import type { OAuthProvider, TokenSet } from '../accounting/credentials';
import { AccountingError } from '../accounting/errors';
import { PROVIDER_NAME } from './client';

/**
 * OAuth2 authorisation-code flow against Visma's identity server (`identity.vismaonline.com`):
 * the consent page at `/connect/authorize`, tokens at `/connect/token` with the client's
 * credentials in HTTP Basic. `offline_access` is what makes Visma hand out a refresh token; each
 * refresh token works once and the answer carries its successor, so callers must persist the
 * new pair before using it (credentials.ts).
 */

export interface VismaOAuthOptions {
  /** `https://identity.vismaonline.com`, or a simulator's `authBaseUrl`. */
  authBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Default: the API, refresh tokens, sales, accounting and reading bank accounts. */
  scopes?: string[];
  timeoutMs?: number;
}

/**
 * `ea:sales` for customers, articles and invoices, `ea:accounting` for vouchers, and
 * `ea:purchase_readonly` because the bank accounts a payment is recorded on are only readable
 * with a purchase scope (contract/visma-eaccounting-v2.subset.json, `GET /v2/bankaccounts`).
 */
export const VISMA_EEKONOMI_SCOPES = ['ea:api', 'offline_access', 'ea:sales', 'ea:accounting', 'ea:purchase_readonly'];

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  error?: string;
}

const fail = (kind: 'consent_revoked' | 'unavailable' | 'timeout' | 'validation', cause?: unknown, code?: string) =>
  new AccountingError(
    kind,
    kind === 'consent_revoked'
      ? 'accounting.consentRevoked'
      : kind === 'timeout'
        ? 'accounting.timeout'
        : kind === 'validation'
          ? 'accounting.rejected'
          : 'accounting.unavailable',
    { provider: PROVIDER_NAME, detail: code ?? '' },
    { provider: 'visma_eekonomi', providerCode: code, cause },
  );

export function createVismaOAuth(options: VismaOAuthOptions): OAuthProvider {
  const base = options.authBaseUrl.replace(/\/+$/, '');
  const scopes = options.scopes ?? VISMA_EEKONOMI_SCOPES;
  const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString(
    'base64',
  );

  async function token(form: Record<string, string>, grant: 'authorization_code' | 'refresh_token'): Promise<TokenSet> {
    let response: Response;
    try {
      response = await fetch(`${base}/connect/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: grant, ...form }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw fail(error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'unavailable', error);
    }
    const body = (await response.json().catch(() => ({}))) as TokenResponse;
    if (!response.ok) {
      // A used, expired or withdrawn refresh token (or code): only a new consent helps.
      if (body.error === 'invalid_grant')
        throw fail(grant === 'refresh_token' ? 'consent_revoked' : 'validation', undefined, body.error);
      throw fail(response.status >= 500 ? 'unavailable' : 'validation', undefined, body.error ?? `HTTP ${response.status}`);
    }
    if (!body.access_token || typeof body.expires_in !== 'number')
      throw fail('unavailable', undefined, 'malformed token response');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: new Date(Date.now() + body.expires_in * 1000),
      scope: body.scope ?? null,
    };
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(`${base}/connect/authorize`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', scopes.join(' '));
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      // Visma's company picker: a user with several companies chooses the one to connect, also
      // when the browser is still signed in to another (OpenID Connect `prompt` is not it).
      url.searchParams.set('acr_values', 'forceselectcompany:true');
      return url.toString();
    },
    exchangeCode: ({ code, redirectUri }) => token({ code, redirect_uri: redirectUri }, 'authorization_code'),
    refresh: (refreshToken) => token({ refresh_token: refreshToken }, 'refresh_token'),
  };
}
