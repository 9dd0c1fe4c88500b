import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The identity server's part (identity.vismaonline.com): `/connect/authorize` shows a consent
 * page and sends the browser back with `code` and `state` (or `error=access_denied`);
 * `/connect/token` takes the `authorization_code` and `refresh_token` grants with the client's
 * credentials in HTTP Basic. Access tokens live an hour; refresh tokens rotate and are
 * single-use — presenting one twice answers `invalid_grant`.
 */

export interface SimulatorClient {
  clientId: string;
  clientSecret: string;
}

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

export interface IdentityState {
  clients: SimulatorClient[];
  /** Each access token with the scopes it was granted (space-separated), which the API checks per operation. */
  accessTokens: Map<string, { expiresAt: number; scope: string }>;
  refreshTokens: Map<string, { used: boolean; scope: string }>;
  codes: Map<string, CodeGrant>;
  /** The company withdrew consent: nothing works until it is given again. */
  revoked: boolean;
  accessTokenLifetimeMs: number;
}

/** What the portal asks for (oauth.ts, VISMA_EEKONOMI_SCOPES); the demo consent grants the same. */
export const DEFAULT_SCOPE = 'ea:api offline_access ea:sales ea:accounting ea:purchase_readonly';

export function createIdentityState(clients: SimulatorClient[], accessTokenLifetimeMs = 3_600_000): IdentityState {
  return { clients, accessTokens: new Map(), refreshTokens: new Map(), codes: new Map(), revoked: false, accessTokenLifetimeMs };
}

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export function issueTokens(state: IdentityState, scope: string, now: number): IssuedTokens {
  const access = randomBytes(24).toString('base64url');
  const refresh = randomBytes(32).toString('hex');
  state.accessTokens.set(access, { expiresAt: now + state.accessTokenLifetimeMs, scope });
  state.refreshTokens.set(refresh, { used: false, scope });
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: Math.round(state.accessTokenLifetimeMs / 1000),
    refresh_token: refresh,
    scope,
  };
}

export function revokeAll(state: IdentityState): void {
  state.revoked = true;
  state.accessTokens.clear();
  state.refreshTokens.clear();
}

/** The scopes of a valid access token, or null when the token is unknown, expired or revoked. */
export function tokenScope(state: IdentityState, token: string | null, now: number): string | null {
  if (!token || state.revoked) return null;
  const entry = state.accessTokens.get(token);
  return entry && entry.expiresAt > now ? entry.scope : null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    ...headers,
  });
  res.end(text);
}

function redirectBack(res: ServerResponse, redirectUri: string, params: Record<string, string>): void {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  res.writeHead(302, { location: target.toString() });
  res.end();
}

function clientFrom(state: IdentityState, req: IncomingMessage, form: URLSearchParams): SimulatorClient | null {
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  return state.clients.find((c) => c.clientId === id && c.clientSecret === secret) ?? null;
}

/** Handles `/connect/*`; answers false when the path is not the identity server's. */
export function handleIdentity(
  state: IdentityState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rawBody: string,
  now: number,
): boolean {
  if (url.pathname === '/connect/authorize' && req.method === 'GET') {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!state.clients.some((c) => c.clientId === clientId) || !/^https?:\/\//.test(redirectUri)) {
      send(res, 400, '<!doctype html><title>Fel</title><p>Ogiltig klient eller redirect_uri.</p>');
      return true;
    }
    if (q.get('response_type') !== 'code') {
      redirectBack(res, redirectUri, { error: 'unsupported_response_type', state: q.get('state') ?? '' });
      return true;
    }
    const hidden = ['client_id', 'redirect_uri', 'scope', 'state']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
      .join('');
    send(
      res,
      200,
      `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Visma eEkonomi – Godkänn åtkomst</title></head><body>
<h1>Visma eEkonomi</h1><p>Applikationen begär åtkomst till företagets försäljning och bokföring (${escapeHtml(q.get('scope') ?? '')}).</p>
<form method="post" action="/connect/authorize/decision">${hidden}
<button type="submit" name="decision" value="allow">Godkänn</button>
<button type="submit" name="decision" value="deny">Neka</button></form></body></html>`,
    );
    return true;
  }
  if (url.pathname === '/connect/authorize/decision' && req.method === 'POST') {
    const form = new URLSearchParams(rawBody);
    const redirectUri = form.get('redirect_uri') ?? '';
    const st = form.get('state') ?? '';
    if (form.get('decision') !== 'allow') {
      redirectBack(res, redirectUri, { error: 'access_denied', state: st });
      return true;
    }
    const code = randomBytes(20).toString('hex');
    state.codes.set(code, {
      clientId: form.get('client_id') ?? '',
      redirectUri,
      scope: form.get('scope') || DEFAULT_SCOPE,
      expiresAt: now + 5 * 60_000,
    });
    // Giving consent again is how a company reconnects after revoking.
    state.revoked = false;
    redirectBack(res, redirectUri, { code, state: st });
    return true;
  }
  if (url.pathname === '/connect/token' && req.method === 'POST') {
    const form = new URLSearchParams(rawBody);
    const client = clientFrom(state, req, form);
    if (!client) {
      send(res, 401, { error: 'invalid_client' });
      return true;
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = state.codes.get(form.get('code') ?? '');
      state.codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < now || code.clientId !== client.clientId || code.redirectUri !== form.get('redirect_uri')) {
        send(res, 400, { error: 'invalid_grant' });
        return true;
      }
      send(res, 200, issueTokens(state, code.scope, now), { 'cache-control': 'no-store' });
      return true;
    }
    if (grant === 'refresh_token') {
      const token = form.get('refresh_token') ?? '';
      const entry = state.refreshTokens.get(token);
      if (!entry || entry.used || state.revoked) {
        send(res, 400, { error: 'invalid_grant' });
        return true;
      }
      entry.used = true;
      send(res, 200, issueTokens(state, entry.scope, now), { 'cache-control': 'no-store' });
      return true;
    }
    send(res, 400, { error: 'unsupported_grant_type' });
    return true;
  }
  return false;
}
