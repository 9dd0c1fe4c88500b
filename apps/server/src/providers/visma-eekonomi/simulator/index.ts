import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openStateFile } from '../../accounting/simulator-state-file';
import { type ApiResult, type ApiState, createRoutes, dispatch, errorBody, findRoute, scopeAllows } from './api';
import { CONTROL_PREFIX, handleControl } from './control';
import { createFaults, type VismaFaults } from './faults';
import {
  createIdentityState,
  DEFAULT_SCOPE,
  handleIdentity,
  type IdentityState,
  issueTokens,
  revokeAll,
  type SimulatorClient,
  tokenScope,
} from './identity';
import { ERROR } from './operations';
import { renderInvoicePdf } from './pdf';
import { restoreVisma, snapshotVisma } from './persist';
import { seedDemoCompany } from './seed';
import { createEmptyStore, type VismaStore } from './store';

/**
 * An in-process Visma eEkonomi: the REST API under `/v2` (as eaccountingapi.vismaonline.com/v2)
 * and the identity server under `/connect` (as identity.vismaonline.com), on 127.0.0.1 with a
 * free port. It keeps Visma's paths, bodies, paging, error bodies, OAuth rules and the limit of
 * 600 requests per minute per client and endpoint, so the real client is exercised as it is.
 * Under `/simulator/` it has controls of its own (control.ts): withdrawing the consent and arming
 * faults over HTTP, for a portal running as a separate process.
 */

export interface VismaSimulatorOptions {
  /** `demo`: the golf club's operating company with 14 months of history; `empty`: code lists only. */
  seed?: 'demo' | 'empty';
  /** Reference moment the demo history is laid out from (the default is now). */
  now?: () => Date;
  /** OAuth clients the identity server knows. */
  clients?: SimulatorClient[];
  /** Requests per window per client and endpoint (Visma: 600 per 60 s). */
  rateLimit?: { limit: number; windowMs: number };
  accessTokenLifetimeMs?: number;
  /**
   * Keeps the data across restarts (demo mode): loaded from this file instead of seeding when it
   * exists. A request that may change the data is written to it (and synced) before it is
   * answered, so a write the simulator confirmed survives a killed process.
   */
  persistFile?: string;
  /** Warnings about the state file (stderr by default). */
  warn?: (message: string) => void;
  /** Every API request a route answered, with its body and JSON answer (the contract test reads them). */
  onExchange?: (exchange: VismaExchange) => void;
}

export interface VismaExchange {
  /** The contract's operation, e.g. `POST /v2/customers`. */
  operation: string;
  status: number;
  requestBody: unknown;
  response: unknown;
}

export interface VismaSimulator {
  /** Root URL, e.g. `http://127.0.0.1:43125`. */
  url: string;
  /** Pass to the client as `apiBaseUrl` (`<url>/v2`). */
  apiBaseUrl: string;
  /** Pass to `createVismaOAuth` as `authBaseUrl`. */
  authBaseUrl: string;
  store: VismaStore;
  faults: VismaFaults;
  identity: IdentityState;
  /** Tokens as if the company had just given consent (demo wiring and tests that skip the browser). */
  grantConsent(scope?: string): { accessToken: string; refreshToken: string; expiresAt: Date; scope: string };
  close(): Promise<void>;
}

export const DEFAULT_SIMULATOR_CLIENT: SimulatorClient = { clientId: 'fairway', clientSecret: 'fairway-simulator-secret' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, result: ApiResult, headers: Record<string, string> = {}): void {
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

export async function startVismaSimulator(options: VismaSimulatorOptions = {}): Promise<VismaSimulator> {
  const now = options.now ?? (() => new Date());
  const store = createEmptyStore(now);
  const identity = createIdentityState(options.clients ?? [DEFAULT_SIMULATOR_CLIENT], options.accessTokenLifetimeMs);
  const stateFile = options.persistFile
    ? openStateFile({
        path: options.persistFile,
        simulator: 'visma_eekonomi',
        snapshot: () => snapshotVisma(store, identity),
        restore: restoreVisma,
        warn: options.warn,
      })
    : null;
  const saved = stateFile?.load();
  if (saved) {
    Object.assign(store, saved.store);
    Object.assign(identity, saved.identity);
  } else {
    if ((options.seed ?? 'demo') === 'demo') seedDemoCompany(store);
    // Written at once: the code lists' GUIDs are random, and a process killed before the first
    // change must still come back with the ids the portal has mirrored.
    stateFile?.changed();
  }
  const faults = createFaults(() => {
    revokeAll(identity);
    stateFile?.changed();
  });
  const rate = options.rateLimit ?? { limit: 600, windowMs: 60_000 };
  const windows = new Map<string, number[]>();
  const apiState: ApiState = { temporaryFiles: new Map() };
  const routes = createRoutes(store, apiState);
  const sockets = new Set<Socket>();
  let baseUrl = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', baseUrl);
    const rawBody = await readBody(req);
    const at = Date.now();

    if (url.pathname.startsWith('/connect/')) {
      if (!handleIdentity(identity, req, res, url, rawBody, at)) write(res, { status: 404, json: { error: 'not_found' } });
      return;
    }
    // The simulator's own controls (consent withdrawn on Visma's side, armed faults): control.ts.
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      write(res, handleControl(faults, method, url.pathname, rawBody));
      return;
    }
    if (url.pathname.startsWith('/temporary-files/')) {
      const file = apiState.temporaryFiles.get(url.pathname.slice('/temporary-files/'.length));
      const invoice = file && file.expiresAt > at ? store.invoices.get(file.invoiceId) : undefined;
      if (!invoice) {
        write(res, { status: 404, json: errorBody(ERROR.notFound, 'The file does not exist or the link has expired.') });
        return;
      }
      write(res, { status: 200, pdf: await renderInvoicePdf(store, invoice) });
      return;
    }

    const log = (status: number) => store.requestLog.push({ method, path: `${url.pathname}${url.search}`, status });
    const fault = faults.take(method, url.pathname);
    if (fault?.kind === 'hang') {
      log(0);
      return;
    }
    if (fault?.kind === 'slow') await sleep(fault.delayMs);
    if (fault?.kind === 'status') {
      log(fault.status);
      const headers: Record<string, string> =
        fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
      write(
        res,
        fault.status === 429
          ? {
              status: 429,
              json: errorBody(
                ERROR.rateLimited,
                `API calls quota exceeded! maximum admitted ${rate.limit} per Minute. Try again in ${fault.retryAfterSeconds ?? 1} seconds.`,
              ),
            }
          : { status: fault.status, json: { Message: 'An error has occurred.' } },
        headers,
      );
      return;
    }

    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : null;
    const scope = tokenScope(identity, token, at);
    if (scope === null) {
      log(401);
      write(
        res,
        { status: 401, json: errorBody(ERROR.notAuthorized, 'Authorization has been denied for this request.') },
        {
          'www-authenticate': 'Bearer error="invalid_token"',
        },
      );
      return;
    }

    // Visma counts per client and endpoint: `/v2/customers` and `/v2/customers/{id}` share one budget.
    const endpoint = url.pathname.split('/')[2] ?? '';
    const stamps = (windows.get(endpoint) ?? []).filter((t) => t > at - rate.windowMs);
    if (stamps.length >= rate.limit) {
      windows.set(endpoint, stamps);
      const waitSeconds = Math.max(1, Math.ceil(((stamps[0] as number) + rate.windowMs - at) / 1000));
      log(429);
      write(res, {
        status: 429,
        json: errorBody(
          ERROR.rateLimited,
          `API calls quota exceeded! maximum admitted ${rate.limit} per Minute. Try again in ${waitSeconds} seconds.`,
        ),
      });
      return;
    }
    stamps.push(at);
    windows.set(endpoint, stamps);

    const found = findRoute(routes, method, url.pathname);
    if (!('route' in found)) {
      log(found.status);
      write(res, found);
      return;
    }
    // Scopes per operation: the contract's "Requires any of the following scopes" (contract/README.md).
    if (!scopeAllows(found.route.op, scope)) {
      log(403);
      write(res, {
        status: 403,
        json: errorBody(
          ERROR.noAccessToScopes,
          `${found.route.op.operationId} requires any of the scopes ${found.route.op.scopes.join(', ')}; the token has ${scope}.`,
        ),
      });
      return;
    }
    const result = await dispatch(found, { url, rawBody, accept: req.headers.accept ?? '', baseUrl, now: store.now() });
    if (options.onExchange) {
      let requestBody: unknown = null;
      try {
        requestBody = rawBody.trim() === '' ? null : JSON.parse(rawBody);
      } catch {
        requestBody = rawBody;
      }
      options.onExchange({
        operation: found.route.key,
        status: result.status,
        requestBody,
        response: 'json' in result ? result.json : null,
      });
    }
    // Written (and synced) before the answer: a confirmed write survives a killed process.
    if (stateFile && (method !== 'GET' || /\/print$/.test(url.pathname)) && result.status < 400) {
      stateFile.changed();
      await stateFile.flush();
    }
    log(result.status);
    if (fault?.kind === 'crashAfterCommit') {
      req.socket.destroy();
      return;
    }
    write(res, result);
  };

  const server = createServer((req, res) => {
    const work = handle(req, res);
    // Identity and control requests (tokens, revocation) are saved shortly after, as before.
    if (stateFile && req.method !== 'GET' && !(req.url ?? '').startsWith('/v2/'))
      void work.finally(() => stateFile.changed()).catch(() => undefined);
    work.catch((error: unknown) => {
      if (!res.headersSent)
        write(res, { status: 500, json: { Message: 'An error has occurred.', ExceptionMessage: String(error) } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    apiBaseUrl: `${baseUrl}/v2`,
    authBaseUrl: baseUrl,
    store,
    faults,
    identity,
    grantConsent(scope = DEFAULT_SCOPE) {
      identity.revoked = false;
      const issued = issueTokens(identity, scope, Date.now());
      stateFile?.changed();
      return {
        accessToken: issued.access_token,
        refreshToken: issued.refresh_token,
        expiresAt: new Date(Date.now() + issued.expires_in * 1000),
        scope: issued.scope,
      };
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      await stateFile?.close();
    },
  };
}
