import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { openStateFile, type StateFile } from '../../accounting/simulator-state-file';
import { createRoutes } from './api';
import { createFaults, type VismaFaults } from './faults';
import { createIdentityState, DEFAULT_SCOPE, type IdentityState, issueTokens, revokeAll, type SimulatorClient } from './identity';
import { restoreVisma, snapshotVisma } from './persist';
import { handleRequest, type SimulatorState, type VismaExchange, write } from './requests';
import { seedDemoCompany } from './seed';
import { createEmptyStore, type VismaStore } from './store';

export type { VismaExchange } from './requests';

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

/** The company's data and tokens: from the state file when there is one, else seeded. */
function loadState(
  options: VismaSimulatorOptions,
  store: VismaStore,
  identity: IdentityState,
): Pick<StateFile<unknown>, 'changed' | 'flush' | 'close'> | null {
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
  return stateFile;
}

/** The HTTP server on 127.0.0.1 and a free port; its sockets are kept so close() can end them. */
async function listen(state: SimulatorState): Promise<{ server: Server; sockets: Set<Socket> }> {
  const { stateFile } = state;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const work = handleRequest(state, req, res);
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
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, sockets };
}

export async function startVismaSimulator(options: VismaSimulatorOptions = {}): Promise<VismaSimulator> {
  const store = createEmptyStore(options.now ?? (() => new Date()));
  const identity = createIdentityState(options.clients ?? [DEFAULT_SIMULATOR_CLIENT], options.accessTokenLifetimeMs);
  const stateFile = loadState(options, store, identity);
  const faults: VismaFaults = createFaults(() => {
    revokeAll(identity);
    stateFile?.changed();
  });
  const apiState = { temporaryFiles: new Map() };
  const state: SimulatorState = {
    store,
    identity,
    faults,
    stateFile,
    rate: options.rateLimit ?? { limit: 600, windowMs: 60_000 },
    windows: new Map(),
    apiState,
    routes: createRoutes(store, apiState),
    onExchange: options.onExchange,
    baseUrl: '',
  };
  const { server, sockets } = await listen(state);

  return {
    url: state.baseUrl,
    apiBaseUrl: `${state.baseUrl}/v2`,
    authBaseUrl: state.baseUrl,
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
