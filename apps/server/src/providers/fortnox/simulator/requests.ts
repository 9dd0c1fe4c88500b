import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { FORTNOX_ERROR, fortnoxErrorBody } from '../error-codes';
import { SCOPE_OF } from './contract';
import { type Answer, changes, readBody, type SimContext, send } from './http';
import { route } from './routes';
import { SimError } from './sim-error';

/**
 * One API request step by step: faults, the token, the tenant's rate limit and API licence, the
 * scope (CONTRACT.md rule O1), the route, the state file written before the answer leaves.
 */
export async function handleApi(ctx: SimContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  let tenantId: string | null = null;
  const record = (status: number) => ctx.log.push({ method, path, status, tenantId, at: ctx.now() });
  const rawBody = await readBody(req);

  const delay = ctx.faults.take(method, path, ['delay']);
  if (delay) await sleep(delay.delayMs);
  const hang = ctx.faults.take(method, path, ['hang']);
  if (hang) {
    record(0);
    return; // Never answered; close() drops the connection.
  }
  const injected = ctx.faults.take(method, path, ['status']);
  if (injected) {
    record(injected.status);
    if (injected.status === 429) {
      send(res, {
        status: 429,
        body: { message: 'Too Many Requests' },
        headers: { 'retry-after': String(injected.retryAfterSeconds ?? 1) },
      });
    } else {
      send(res, { status: injected.status, body: fortnoxErrorBody(FORTNOX_ERROR.systemException, 'System exception') });
    }
    return;
  }

  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || !token) {
    record(401);
    send(res, {
      status: 401,
      body: fortnoxErrorBody(FORTNOX_ERROR.missingToken, 'Kan inte logga in, access-token eller client-secret saknas(2).'),
    });
    return;
  }
  const access = ctx.auth.verify(token);
  if (access === 'invalid' || access === 'expired') {
    record(401);
    send(res, { status: 401, body: fortnoxErrorBody(FORTNOX_ERROR.invalidLogin, 'Ogiltig inloggning') });
    return;
  }
  tenantId = access.tenantId;
  const tenant = ctx.store.tenants.get(access.tenantId);
  if (!tenant) {
    record(401);
    send(res, { status: 401, body: fortnoxErrorBody(FORTNOX_ERROR.invalidLogin, 'Ogiltig inloggning') });
    return;
  }
  const wait = ctx.takeRate(access.tenantId);
  if (wait > 0) {
    record(429);
    send(res, { status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': String(wait) } });
    return;
  }
  if (!tenant.apiLicence) {
    record(403);
    send(res, { status: 403, body: fortnoxErrorBody(FORTNOX_ERROR.apiLicenceMissing, 'Api-licens saknas.') });
    return;
  }
  const segments = path
    .replace(/^\/3\/?/, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  const scope = SCOPE_OF[segments[0] ?? ''];
  if (scope && !access.scope.split(' ').includes(scope)) {
    record(403);
    send(res, { status: 403, body: fortnoxErrorBody(FORTNOX_ERROR.noAccessToScope, 'Har inte behörighet för scope') });
    return;
  }

  const crash = ctx.faults.take(method, path, ['crash']);
  let answer: Answer;
  try {
    answer = await route(ctx, tenant, method, segments, url.searchParams, rawBody);
  } catch (error) {
    if (!(error instanceof SimError)) throw error;
    answer = { status: error.status, body: error.body() };
  }
  // On disk before the answer leaves (or the connection drops): a confirmed write survives kill -9.
  if (ctx.stateFile && changes(method, path)) ctx.stateFile.saveNow();
  if (crash && answer.status < 300) {
    record(0);
    req.socket.destroy();
    return;
  }
  record(answer.status);
  send(res, answer);
}
