import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { openStateFile } from '../../accounting/simulator-state-file';
import { FORTNOX_ERROR, fortnoxErrorBody } from '../error-codes';
import { SimAuth, type SimClient, type TokenAnswer } from './auth';
import { SimFaults } from './faults';
import { type SimContext, type SimRequestLog, send } from './http';
import { handleOAuth } from './oauth-routes';
import { restoreFortnox, snapshotFortnox } from './persist';
import { handleApi } from './requests';
import { seedDemoTenant, seedEmptyTenant } from './seed';
import { FortnoxSimStore } from './store';

export type { SimClient, TokenAnswer } from './auth';
export type { FaultMatch } from './faults';
export { SimFaults } from './faults';
export type { SimRequestLog } from './http';
export { FortnoxSimStore, type SimTenant } from './store';

export interface SimTenantSpec {
  tenantId: string;
  companyName?: string;
  organisationNumber?: string;
  seed?: 'demo' | 'empty';
}

export interface FortnoxSimulatorOptions {
  /** Data of the default tenant(s): `demo` (a golf club's year of bookkeeping) or `empty`. */
  seed?: 'demo' | 'empty';
  /** Fortnox companies; one demo club (`1234567`) when omitted. */
  tenants?: SimTenantSpec[];
  /** OAuth clients the simulator accepts. */
  clients?: SimClient[];
  /** The simulator's clock (token expiry, `lastmodified`, today's date). */
  now?: () => Date;
  /** Fortnox's per-tenant limit; 25 requests per 5 s sliding window. */
  rateLimit?: { limit: number; windowMs: number };
  host?: string;
  port?: number;
  /**
   * Keeps the data across restarts (demo mode): loaded from this file instead of seeding when it
   * exists, written shortly after every change and on `close()`.
   */
  persistFile?: string;
  /** Warnings about the state file (stderr by default). */
  warn?: (message: string) => void;
  /**
   * What `PUT contracts/{n}/createinvoice` answers: Fortnox's OpenAPI document says the new
   * invoice, public SDKs read the contract (CONTRACT.md rule A1). `contract` by default, so the
   * client is always made to find the invoice it created.
   */
  contractInvoiceAnswer?: 'invoice' | 'contract';
}

export interface FortnoxSimulator {
  /** Base URL; the API is under `${url}/3`, OAuth under `${url}/oauth-v1`. */
  url: string;
  apiBaseUrl: string;
  authBaseUrl: string;
  store: FortnoxSimStore;
  auth: SimAuth;
  faults: SimFaults;
  /** Every API request answered (or dropped), oldest first. */
  log: SimRequestLog[];
  /** Tokens for a tenant as if the consent flow had just run. */
  issueTokens(tenantId?: string, clientId?: string): TokenAnswer;
  defaultTenantId: string;
  close(): Promise<void>;
}

export const SIM_DEFAULT_CLIENT: SimClient = { clientId: 'fairway-sim-client', clientSecret: 'fairway-sim-secret' };
export const SIM_DEFAULT_TENANT = '1234567';

/**
 * An in-process Fortnox: the API v3 paths, bodies, paging and error shapes, the
 * apps.fortnox.se OAuth endpoints, the 25-per-5-seconds limit per tenant, and injectable faults.
 */
export async function startFortnoxSimulator(options: FortnoxSimulatorOptions = {}): Promise<FortnoxSimulator> {
  const clock = options.now ?? (() => new Date());
  const now = () => clock().getTime();
  const store = new FortnoxSimStore(clock);
  const clients = options.clients ?? [SIM_DEFAULT_CLIENT];
  const auth = new SimAuth(clients, now);
  const faults = new SimFaults(auth);
  const rate = options.rateLimit ?? { limit: 25, windowMs: 5_000 };
  const windows = new Map<string, number[]>();
  const log: SimRequestLog[] = [];
  const sockets = new Set<Socket>();

  const specs = options.tenants ?? [
    { tenantId: SIM_DEFAULT_TENANT, companyName: 'Fairway Demo GK', organisationNumber: '802004-1234' },
  ];
  const stateFile = options.persistFile
    ? openStateFile({
        path: options.persistFile,
        simulator: 'fortnox',
        snapshot: () => snapshotFortnox(store, auth),
        restore: restoreFortnox,
        warn: options.warn,
      })
    : null;
  const saved = stateFile?.load();
  if (saved) {
    for (const tenant of saved.tenants) {
      store.tenants.set(tenant.tenantId, tenant);
      // A year turned since the file was saved: the company's bookkeeper opens the new financial year.
      store.ensureFinancialYears(tenant);
    }
    auth.importState(saved.auth);
  } else {
    for (const [i, spec] of specs.entries()) {
      if ((spec.seed ?? options.seed ?? 'demo') === 'demo')
        seedDemoTenant(store, spec.tenantId, spec.companyName, spec.organisationNumber, 4711 + i);
      else seedEmptyTenant(store, spec.tenantId, spec.companyName, spec.organisationNumber);
    }
    // Written at once: a process killed before the first change still restarts with these ids.
    stateFile?.changed();
  }
  if (stateFile) auth.onChange = () => stateFile.changed();

  /** Sliding window per tenant; answers the seconds to wait when full, else records the request. */
  function takeRate(tenantId: string): number {
    const t = now();
    const events = (windows.get(tenantId) ?? []).filter((at) => at > t - rate.windowMs);
    windows.set(tenantId, events);
    if (events.length >= rate.limit) return Math.max(1, Math.ceil((events[0] + rate.windowMs - t) / 1000));
    events.push(t);
    return 0;
  }
  const ctx: SimContext = {
    store,
    auth,
    faults,
    log,
    now,
    stateFile,
    takeRate,
    contractInvoiceAnswer: options.contractInvoiceAnswer,
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const work = url.pathname.startsWith('/oauth-v1/')
      ? handleOAuth(ctx, req, res, url)
      : url.pathname.startsWith('/3/')
        ? handleApi(ctx, req, res, url)
        : Promise.resolve(
            send(res, { status: 404, body: fortnoxErrorBody(FORTNOX_ERROR.invalidParameter, 'Resursen finns inte.') }),
          );
    work.catch((error: unknown) => {
      if (!res.headersSent)
        send(res, {
          status: 500,
          body: fortnoxErrorBody(FORTNOX_ERROR.systemException, `System exception: ${(error as Error).message}`),
        });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const defaultTenantId = specs[0].tenantId;

  return {
    url,
    apiBaseUrl: `${url}/3`,
    authBaseUrl: `${url}/oauth-v1`,
    store,
    auth,
    faults,
    log,
    defaultTenantId,
    issueTokens: (tenantId = defaultTenantId, clientId = clients[0].clientId) => auth.issue(clientId, tenantId),
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await stateFile?.close();
    },
  };
}
