import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALL_SCOPES, OAuthError, type TokenAnswer } from './auth';
import { html, readBody, type SimContext, send } from './http';

/** apps.fortnox.se's OAuth endpoints: the consent page, its decision, and the token endpoint. */

export function consentPage(ctx: SimContext, params: URLSearchParams): string {
  const client = params.get('client_id') ?? '';
  const options = [...ctx.store.tenants.values()]
    .map(
      (t) =>
        `<option value="${html(t.tenantId)}">${html(t.company.CompanyName)} (${html(t.company.OrganizationNumber)})</option>`,
    )
    .join('');
  const hidden = ['client_id', 'redirect_uri', 'scope', 'state', 'access_type', 'response_type', 'account_type']
    .map((name) => `<input type="hidden" name="${name}" value="${html(params.get(name) ?? '')}">`)
    .join('');
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Fortnox – Godkänn integration</title></head>
<body><main><h1>Godkänn integration</h1>
<p>Integrationen <strong>${html(client)}</strong> begär behörighet till: ${html((params.get('scope') ?? '').split(' ').join(', '))}.</p>
<form method="post" action="/oauth-v1/auth">${hidden}
<label>Företag <select name="tenant">${options}</select></label>
<button type="submit" name="decision" value="approve">Godkänn</button>
<button type="submit" name="decision" value="deny">Avbryt</button>
</form></main></body></html>`;
}

export function redirectWith(redirectUri: string, params: Record<string, string>): string {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

export async function handleOAuth(ctx: SimContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  if (url.pathname === '/oauth-v1/auth' && req.method === 'GET') {
    const params = url.searchParams;
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!ctx.auth.clients.has(clientId) || !/^https?:\/\//.test(redirectUri) || params.get('response_type') !== 'code') {
      res
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><p>Auth code or ClientID supplied is invalid</p>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(consentPage(ctx, params));
    return;
  }
  if (url.pathname === '/oauth-v1/auth' && req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    const clientId = form.get('client_id') ?? '';
    const redirectUri = form.get('redirect_uri') ?? '';
    const state = form.get('state') ?? '';
    if (!ctx.auth.clients.has(clientId) || !/^https?:\/\//.test(redirectUri)) {
      res
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><p>Auth code or ClientID supplied is invalid</p>');
      return;
    }
    if (form.get('decision') !== 'approve') {
      res
        .writeHead(302, {
          location: redirectWith(redirectUri, {
            error: 'access_denied',
            error_description: 'The user denied the request',
            state,
          }),
        })
        .end();
      return;
    }
    const tenantId = form.get('tenant') ?? '';
    if (!ctx.store.tenants.has(tenantId)) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Okänt företag</p>');
      return;
    }
    const scope = (form.get('scope') || ALL_SCOPES.join(' ')).trim();
    const code = ctx.auth.approve({ clientId, tenantId, redirectUri, scope, service: form.get('account_type') === 'service' });
    ctx.stateFile?.saveNow();
    res.writeHead(302, { location: redirectWith(redirectUri, { code, state }) }).end();
    return;
  }
  if (url.pathname === '/oauth-v1/token' && req.method === 'POST') {
    try {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
      const [clientId, clientSecret] =
        scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : ['', ''];
      ctx.auth.checkClient(clientId ?? '', clientSecret ?? '');
      const form = new URLSearchParams(await readBody(req));
      let answer: TokenAnswer;
      switch (form.get('grant_type')) {
        case 'authorization_code':
          answer = ctx.auth.exchangeCode(clientId, form.get('code') ?? '', form.get('redirect_uri') ?? '');
          break;
        case 'refresh_token':
          answer = ctx.auth.refresh(clientId, form.get('refresh_token') ?? '');
          break;
        case 'client_credentials':
          answer = ctx.auth.clientCredentials(clientId, String(req.headers.tenantid ?? ''));
          break;
        default:
          throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant type');
      }
      // The rotated tokens are on disk before the client sees them.
      ctx.stateFile?.saveNow();
      send(res, { status: 200, body: answer, headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      if (error instanceof OAuthError)
        send(res, { status: error.status, body: { error: error.error, error_description: error.description } });
      else throw error;
    }
    return;
  }
  send(res, { status: 404, body: { error: 'not_found' } });
}
