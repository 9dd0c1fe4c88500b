import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StateFile } from '../../accounting/simulator-state-file';
import { type ApiResult, type ApiState, dispatch, errorBody, findRoute, type Route, scopeAllows } from './api';
import { CONTROL_PREFIX, handleControl } from './control';
import type { FaultKind, VismaFaults } from './faults';
import { handleIdentity, type IdentityState, tokenScope } from './identity';
import { ERROR } from './operations';
import { renderInvoicePdf } from './pdf';
import type { VismaStore } from './store';

/**
 * One request to the simulator, step by step (index.ts serves them): the identity server, the
 * simulator's controls and temporary files first; then for the API an armed fault, the bearer
 * token, Visma's per-endpoint rate limit, the route and its scopes, and the answer — written to the
 * state file before it is sent, so a write the simulator confirmed survives a killed process.
 */

export interface VismaExchange {
  /** The contract's operation, e.g. `POST /v2/customers`. */
  operation: string;
  status: number;
  requestBody: unknown;
  response: unknown;
}

/** What the request steps share: the simulator's state, made once by index.ts. */
export interface SimulatorState {
  store: VismaStore;
  identity: IdentityState;
  faults: VismaFaults;
  /** The state file (index.ts opens it), when the data is kept across restarts. */
  stateFile: Pick<StateFile<unknown>, 'changed' | 'flush'> | null;
  rate: { limit: number; windowMs: number };
  /** Request times per endpoint within the rate window. */
  windows: Map<string, number[]>;
  apiState: ApiState;
  routes: Route[];
  onExchange?: (exchange: VismaExchange) => void;
  /** The simulator's root URL, once it listens. */
  baseUrl: string;
}

interface Request {
  method: string;
  url: URL;
  rawBody: string;
  at: number;
  req: IncomingMessage;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function write(res: ServerResponse, result: ApiResult, headers: Record<string, string> = {}): void {
  if ('pdf' in result) {
    res.writeHead(result.status, { 'content-type': 'application/pdf', 'content-length': String(result.pdf.length), ...headers });
    res.end(result.pdf);
  } else if ('empty' in result) {
    res.writeHead(result.status, headers);
    res.end();
  } else {
    res.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(result.json));
  }
}

const quotaMessage = (limit: number, seconds: number) =>
  `API calls quota exceeded! maximum admitted ${limit} per Minute. Try again in ${seconds} seconds.`;

/** The identity server, the simulator's controls and the temporary files: true when one of them answered. */
async function handleOutsideApi(s: SimulatorState, r: Request, res: ServerResponse): Promise<boolean> {
  const { url } = r;
  if (url.pathname.startsWith('/connect/')) {
    if (!handleIdentity(s.identity, r.req, res, url, r.rawBody, r.at)) write(res, { status: 404, json: { error: 'not_found' } });
    return true;
  }
  // The simulator's own controls (consent withdrawn on Visma's side, armed faults): control.ts.
  if (url.pathname.startsWith(CONTROL_PREFIX)) {
    write(res, handleControl(s.faults, r.method, url.pathname, r.rawBody));
    return true;
  }
  if (url.pathname.startsWith('/temporary-files/')) {
    const file = s.apiState.temporaryFiles.get(url.pathname.slice('/temporary-files/'.length));
    const invoice = file && file.expiresAt > r.at ? s.store.invoices.get(file.invoiceId) : undefined;
    if (!invoice) {
      write(res, { status: 404, json: errorBody(ERROR.notFound, 'The file does not exist or the link has expired.') });
      return true;
    }
    write(res, { status: 200, pdf: await renderInvoicePdf(s.store, invoice) });
    return true;
  }
  return false;
}

/** The answer an armed status fault gives instead of the API's. */
function faultAnswer(s: SimulatorState, fault: Extract<FaultKind, { kind: 'status' }>): [ApiResult, Record<string, string>] {
  const headers: Record<string, string> =
    fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
  const result: ApiResult =
    fault.status === 429
      ? { status: 429, json: errorBody(ERROR.rateLimited, quotaMessage(s.rate.limit, fault.retryAfterSeconds ?? 1)) }
      : { status: fault.status, json: { Message: 'An error has occurred.' } };
  return [result, headers];
}

/** Visma counts per client and endpoint: `/v2/customers` and `/v2/customers/{id}` share one budget. Null: within it. */
function overQuota(s: SimulatorState, r: Request): ApiResult | null {
  const endpoint = r.url.pathname.split('/')[2] ?? '';
  const stamps = (s.windows.get(endpoint) ?? []).filter((t) => t > r.at - s.rate.windowMs);
  if (stamps.length >= s.rate.limit) {
    s.windows.set(endpoint, stamps);
    const waitSeconds = Math.max(1, Math.ceil(((stamps[0] as number) + s.rate.windowMs - r.at) / 1000));
    return { status: 429, json: errorBody(ERROR.rateLimited, quotaMessage(s.rate.limit, waitSeconds)) };
  }
  stamps.push(r.at);
  s.windows.set(endpoint, stamps);
  return null;
}

function reportExchange(s: SimulatorState, r: Request, operation: string, result: ApiResult): void {
  if (!s.onExchange) return;
  let requestBody: unknown = null;
  try {
    requestBody = r.rawBody.trim() === '' ? null : JSON.parse(r.rawBody);
  } catch {
    requestBody = r.rawBody;
  }
  s.onExchange({ operation, status: result.status, requestBody, response: 'json' in result ? result.json : null });
}

/**
 * The route, its scopes and its answer; a write is on disk before it is answered. `ran`: the
 * operation was carried out (what a crash after the commit needs).
 */
async function answerApi(s: SimulatorState, r: Request, scope: string): Promise<{ result: ApiResult; ran: boolean }> {
  const found = findRoute(s.routes, r.method, r.url.pathname);
  if (!('route' in found)) return { result: found, ran: false };
  // Scopes per operation: the contract's "Requires any of the following scopes" (contract/README.md).
  if (!scopeAllows(found.route.op, scope))
    return {
      result: {
        status: 403,
        json: errorBody(
          ERROR.noAccessToScopes,
          `${found.route.op.operationId} requires any of the scopes ${found.route.op.scopes.join(', ')}; the token has ${scope}.`,
        ),
      },
      ran: false,
    };
  const accept = r.req.headers.accept ?? '';
  const result = await dispatch(found, { url: r.url, rawBody: r.rawBody, accept, baseUrl: s.baseUrl, now: s.store.now() });
  reportExchange(s, r, found.route.key, result);
  // Written (and synced) before the answer: a confirmed write survives a killed process.
  if (s.stateFile && (r.method !== 'GET' || /\/print$/.test(r.url.pathname)) && result.status < 400) {
    s.stateFile.changed();
    await s.stateFile.flush();
  }
  return { result, ran: true };
}

export async function handleRequest(s: SimulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const r: Request = {
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', s.baseUrl),
    rawBody: await readBody(req),
    at: Date.now(),
    req,
  };
  if (await handleOutsideApi(s, r, res)) return;

  const log = (status: number) => s.store.requestLog.push({ method: r.method, path: `${r.url.pathname}${r.url.search}`, status });
  const fault = s.faults.take(r.method, r.url.pathname);
  if (fault?.kind === 'hang') {
    log(0);
    return;
  }
  if (fault?.kind === 'slow') await sleep(fault.delayMs);
  if (fault?.kind === 'status') {
    log(fault.status);
    write(res, ...faultAnswer(s, fault));
    return;
  }

  const header = req.headers.authorization ?? '';
  const scope = tokenScope(s.identity, header.startsWith('Bearer ') ? header.slice(7) : null, r.at);
  if (scope === null) {
    log(401);
    write(
      res,
      { status: 401, json: errorBody(ERROR.notAuthorized, 'Authorization has been denied for this request.') },
      { 'www-authenticate': 'Bearer error="invalid_token"' },
    );
    return;
  }
  const limited = overQuota(s, r);
  const { result, ran } = limited ? { result: limited, ran: false } : await answerApi(s, r, scope);
  log(result.status);
  if (ran && fault?.kind === 'crashAfterCommit') {
    req.socket.destroy();
    return;
  }
  write(res, result);
}
