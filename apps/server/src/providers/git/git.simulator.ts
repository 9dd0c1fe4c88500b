import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { openStateFile } from '../accounting/simulator-state-file';
import { FaultQueue } from '../simulator-faults';
import {
  basisPaid,
  basisTotal,
  DEFAULT_GIT_CLUB_ID,
  isFullyPaid,
  type SeedOptions,
  type SimBasis,
  type SimClubData,
  type SimMember,
  type SimOccasion,
  seedGitClub,
} from './git.simulator-data';
import {
  GIT_MAX_PAGE_SIZE,
  type GitInvoiceBasis,
  type GitInvoiceBasisStatus,
  type GitInvoiceOccasion,
  type GitMember,
  type GitPage,
  type GitPayer,
} from './git-gateway';

/**
 * An in-process GIT: the protocol of PROTOCOL.md under `/api/v1` on 127.0.0.1 with a free port,
 * holding the seeded club of `git.simulator-data.ts`. It checks the API key and club id, enforces
 * the per-club rate limit (300 requests per minute, 429 with `Retry-After`), and changes its state
 * on mark-paid and credit as GIT does (a fully paid basis activates its fees and the membership).
 * Under `/simulator/` it has controls of its own, for a portal running as a separate process:
 *
 * - `POST /simulator/faults` `{ times, status?, delayMs?, hang?, method?, path?, retryAfterSeconds? }`:
 *   the next `times` API requests matching `method` and the `path` substring answer `status`
 *   (429 / 5xx), answer after `delayMs`, or never answer (`hang`);
 * - `DELETE /simulator/faults`: forgets every armed fault;
 * - `POST /simulator/revoke-key` / `POST /simulator/restore-key`: the club's API key stops / starts working.
 *
 * With `persistFile` its data survives restarts (demo mode), like the accounting simulators'.
 */

export const DEFAULT_GIT_API_KEY = 'git-simulator-key';
export const CONTROL_PREFIX = '/simulator/';
const API_PREFIX = '/api/v1';

export interface GitSimulatorOptions extends SeedOptions {
  /** The key the club's integration uses (default `git-simulator-key`). */
  apiKey?: string;
  /** Requests per window per club (GIT: 300 per 60 s). */
  rateLimit?: { limit: number; windowMs: number };
  /** The simulator's clock (mark-paid and credit stamp `modifiedAt` with it). */
  now?: () => Date;
  /** Keeps the data across restarts: loaded instead of seeding when it exists, written after changes. */
  persistFile?: string;
  warn?: (message: string) => void;
  /** The port on 127.0.0.1 (default: any free one), for a test whose server allows only a known origin. */
  port?: number;
}

export type GitFault =
  | { kind: 'status'; status: 429 | 500 | 502 | 503 | 504; retryAfterSeconds?: number }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'hang' };

export interface GitFaultMatch {
  method?: string;
  /** Substring of the path, e.g. `/mark-paid`. */
  path?: string;
}

export interface GitFaults {
  failNext(times: number, status: 429 | 500 | 502 | 503 | 504, options?: GitFaultMatch & { retryAfterSeconds?: number }): void;
  slowNext(times: number, delayMs: number, match?: GitFaultMatch): void;
  hangNext(times: number, match?: GitFaultMatch): void;
  /** The club's API key stops working (401 `key_revoked`) until `restoreKey`. */
  revokeKey(): void;
  restoreKey(): void;
  reset(): void;
  take(method: string, path: string): GitFault | null;
}

export interface GitRequestLogEntry {
  method: string;
  path: string;
  status: number;
}

export interface GitSimulator {
  /** Origin, e.g. `http://127.0.0.1:43125`. */
  url: string;
  /** Pass to the client as `baseUrl`. */
  apiBaseUrl: string;
  clubId: string;
  apiKey: string;
  data: SimClubData;
  faults: GitFaults;
  /** Every API request answered (0 for one left hanging). */
  requestLog: GitRequestLogEntry[];
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The store: the seeded data plus indexes
// ---------------------------------------------------------------------------------------------

interface Store {
  data: SimClubData;
  revoked: boolean;
  members: Map<string, SimMember>;
  bases: Map<string, SimBasis>;
  occasions: Map<string, SimOccasion>;
  basesByOccasion: Map<string, SimBasis[]>;
  basesByMember: Map<string, SimBasis[]>;
}

function indexStore(data: SimClubData, revoked: boolean): Store {
  data.members.sort((a, b) => (a.golfId < b.golfId ? -1 : a.golfId > b.golfId ? 1 : 0));
  const store: Store = {
    data,
    revoked,
    members: new Map(data.members.map((m) => [m.golfId, m])),
    bases: new Map(),
    occasions: new Map(data.occasions.map((o) => [o.id, o])),
    basesByOccasion: new Map(data.occasions.map((o) => [o.id, []])),
    basesByMember: new Map(),
  };
  for (const b of data.bases) {
    store.bases.set(b.id, b);
    store.basesByOccasion.get(b.occasionId)?.push(b);
    const mine = store.basesByMember.get(b.memberGolfId);
    if (mine) mine.push(b);
    else store.basesByMember.set(b.memberGolfId, [b]);
  }
  return store;
}

function statusOf(b: SimBasis): GitInvoiceBasisStatus {
  if (b.creditedAt !== null) return 'credited';
  if (isFullyPaid(b)) return 'paid';
  return b.payments.length > 0 ? 'partially_paid' : 'unpaid';
}

function memberDto(store: Store, m: SimMember): GitMember {
  const category = store.data.categories.find((c) => c.code === m.categoryCode) ?? { code: m.categoryCode, name: m.categoryCode };
  const fees = (store.basesByMember.get(m.golfId) ?? []).flatMap((b) => {
    const status = statusOf(b);
    return b.rows.map((r) => ({
      articleId: r.articleId,
      articleCode: r.articleCode,
      invoiceBasisId: b.id,
      amountOre: r.amountOre,
      status: status === 'credited' ? ('credited' as const) : status === 'paid' ? ('active' as const) : ('assigned' as const),
      activatedAt: status === 'paid' ? b.paidAt : null,
    }));
  });
  const { categoryCode: _code, ...rest } = m;
  return { ...rest, category, fees };
}

function payerDto(store: Store, b: SimBasis): GitPayer {
  const p = store.members.get(b.payerGolfId) ?? store.members.get(b.memberGolfId);
  if (!p) throw new Error(`basis ${b.id} has no member`);
  return {
    golfId: p.golfId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    address: p.invoiceAddress ?? p.address,
    reason: b.payerReason,
  };
}

function basisDto(store: Store, b: SimBasis): GitInvoiceBasis {
  const m = store.members.get(b.memberGolfId);
  return {
    id: b.id,
    occasionId: b.occasionId,
    number: b.number,
    memberGolfId: b.memberGolfId,
    memberName: m ? `${m.firstName} ${m.lastName}` : '',
    payer: payerDto(store, b),
    familyId: b.familyId,
    rows: b.rows,
    totalOre: basisTotal(b),
    vatOre: b.rows.reduce((s, r) => s + r.vatOre, 0),
    dueDate: b.dueDate,
    status: statusOf(b),
    paidOre: basisPaid(b),
    paidAt: b.paidAt,
    payments: b.payments,
    creditedAt: b.creditedAt,
    creditReason: b.creditReason,
    createdAt: b.createdAt,
    modifiedAt: b.modifiedAt,
  };
}

function occasionDto(store: Store, o: SimOccasion): GitInvoiceOccasion {
  const dto: GitInvoiceOccasion = {
    ...o,
    basisCount: 0,
    totalOre: 0,
    paidCount: 0,
    partiallyPaidCount: 0,
    creditedCount: 0,
    paidOre: 0,
  };
  for (const b of store.basesByOccasion.get(o.id) ?? []) {
    dto.basisCount++;
    dto.totalOre += basisTotal(b);
    dto.paidOre += basisPaid(b);
    const status = statusOf(b);
    if (status === 'paid') dto.paidCount++;
    else if (status === 'partially_paid') dto.partiallyPaidCount++;
    else if (status === 'credited') dto.creditedCount++;
  }
  return dto;
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

interface Result {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

const errorResult = (status: number, code: string, message: string, headers?: Record<string, string>): Result => ({
  status,
  json: { error: { code, message } },
  headers,
});

const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(GIT_MAX_PAGE_SIZE).default(100),
  modifiedSince: z.iso.datetime({ offset: true }).optional(),
});

const markPaidBody = z.strictObject({
  paidAt: z.iso.datetime({ offset: true }),
  amountOre: z.number().int().min(1),
  reference: z.string().trim().min(1).max(100),
});

const creditBody = z.strictObject({
  reason: z.string().trim().min(1).max(500),
  creditedAt: z.iso.datetime({ offset: true }),
});

const faultBody = z.strictObject({
  times: z.number().int().min(1).max(1000),
  status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
  delayMs: z.number().int().min(1).max(600_000).optional(),
  hang: z.literal(true).optional(),
  method: z.enum(['GET', 'POST']).optional(),
  path: z.string().min(1).max(200).optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
});

function invalid(error: z.ZodError): Result {
  return errorResult(400, 'invalid_request', z.prettifyError(error));
}

/** One page of `items`; `modifiedAt` null: the records carry no change time, so `modifiedSince` keeps them all. */
function pageOf<T, U>(items: readonly T[], url: URL, modifiedAt: ((item: T) => string) | null, dto: (item: T) => U): Result {
  const query = pagingQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return invalid(query.error);
  const { page, pageSize, modifiedSince } = query.data;
  let selected = items;
  if (modifiedSince && modifiedAt) {
    const since = new Date(modifiedSince).toISOString();
    selected = items.filter((item) => modifiedAt(item) >= since);
  }
  const totalItems = selected.length;
  const body: GitPage<U> = {
    items: selected.slice((page - 1) * pageSize, page * pageSize).map(dto),
    page,
    pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / pageSize),
  };
  return { status: 200, json: body };
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw || 'null') };
  } catch {
    return { ok: false };
  }
}

function createFaults(onRevoke: (revoked: boolean) => void): GitFaults {
  const queue = new FaultQueue<GitFault>();
  return {
    failNext(times, status, options = {}) {
      const { retryAfterSeconds, ...match } = options;
      queue.arm({ kind: 'status', status, retryAfterSeconds }, times, match);
    },
    slowNext: (times, delayMs, match) => queue.arm({ kind: 'slow', delayMs }, times, match),
    hangNext: (times, match) => queue.arm({ kind: 'hang' }, times, match),
    revokeKey: () => onRevoke(true),
    restoreKey: () => onRevoke(false),
    reset: () => queue.clear(),
    take: (method, path) => queue.take(method, path) ?? null,
  };
}

function restoreState(value: unknown): { data: SimClubData; revoked: boolean } {
  const raw = value as { data?: Partial<SimClubData>; revoked?: unknown } | null;
  const data = raw?.data;
  const arrays = ['categories', 'articles', 'members', 'families', 'occasions', 'bases'] as const;
  if (!data || typeof data !== 'object' || typeof raw?.revoked !== 'boolean') throw new Error('not a GIT simulator state');
  for (const key of arrays) if (!Array.isArray(data[key])) throw new Error(`${key} is missing`);
  if (typeof data.club?.id !== 'string' || typeof data.nextBasisNumber !== 'number') throw new Error('the club is missing');
  for (const m of data.members ?? []) if (typeof m?.golfId !== 'string') throw new Error('a member without golf ID');
  for (const b of data.bases ?? []) if (typeof b?.id !== 'string' || !Array.isArray(b.rows)) throw new Error('a broken basis');
  return { data: data as SimClubData, revoked: raw.revoked };
}

export async function startGitSimulator(options: GitSimulatorOptions = {}): Promise<GitSimulator> {
  const now = options.now ?? (() => new Date());
  const apiKey = options.apiKey ?? DEFAULT_GIT_API_KEY;
  const stateFile = options.persistFile
    ? openStateFile({
        path: options.persistFile,
        simulator: 'git',
        snapshot: () => ({ data: store.data, revoked: store.revoked }),
        restore: restoreState,
        warn: options.warn,
      })
    : null;
  const saved = stateFile?.load() ?? null;
  const store: Store = saved
    ? indexStore(saved.data, saved.revoked)
    : indexStore(seedGitClub({ ...options, clubId: options.clubId ?? DEFAULT_GIT_CLUB_ID }), false);
  if (!saved) stateFile?.changed();
  const clubId = store.data.club.id;
  const faults = createFaults((revoked) => {
    store.revoked = revoked;
    stateFile?.changed();
  });
  const rate = options.rateLimit ?? { limit: 300, windowMs: 60_000 };
  let window: number[] = [];
  const requestLog: GitRequestLogEntry[] = [];
  const sockets = new Set<Socket>();
  let baseUrl = '';

  /** The member's fees changed: stamp them, and the membership is active while a basis is paid. */
  const touchMember = (golfId: string, at: string) => {
    const m = store.members.get(golfId);
    if (!m) return;
    m.active = (store.basesByMember.get(golfId) ?? []).some(isFullyPaid);
    m.modifiedAt = at;
  };
  const touchOccasion = (id: string, at: string) => {
    const o = store.occasions.get(id);
    if (o) o.modifiedAt = at;
  };

  function markPaid(b: SimBasis, body: unknown): Result {
    const input = markPaidBody.safeParse(body);
    if (!input.success) return invalid(input.error);
    const { reference, amountOre, paidAt } = input.data;
    // The same payment reported again (a retry, a second sync): nothing changes.
    if (b.payments.some((p) => p.reference === reference)) return { status: 200, json: basisDto(store, b) };
    if (b.creditedAt !== null) return errorResult(409, 'credited', `Invoice basis ${b.id} is credited.`);
    if (isFullyPaid(b)) return errorResult(409, 'already_paid', `Invoice basis ${b.id} is already paid.`);
    const remaining = basisTotal(b) - basisPaid(b);
    if (amountOre > remaining)
      return errorResult(422, 'amount_exceeds_balance', `The amount ${amountOre} exceeds the balance ${remaining} of ${b.id}.`);
    const at = now().toISOString();
    const paid = new Date(paidAt).toISOString();
    b.payments.push({ reference, amountOre, paidAt: paid });
    b.paidAt = paid;
    b.modifiedAt = at;
    touchMember(b.memberGolfId, at);
    touchOccasion(b.occasionId, at);
    return { status: 200, json: basisDto(store, b) };
  }

  function credit(b: SimBasis, body: unknown): Result {
    const input = creditBody.safeParse(body);
    if (!input.success) return invalid(input.error);
    if (b.creditedAt !== null) return { status: 200, json: basisDto(store, b) };
    const at = now().toISOString();
    b.creditedAt = new Date(input.data.creditedAt).toISOString();
    b.creditReason = input.data.reason;
    b.modifiedAt = at;
    touchMember(b.memberGolfId, at);
    touchOccasion(b.occasionId, at);
    return { status: 200, json: basisDto(store, b) };
  }

  function route(method: string, url: URL, rawBody: string): Result {
    const parts = url.pathname
      .slice(API_PREFIX.length)
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
    const [resource, id, sub] = parts;
    if (method === 'GET') {
      if (resource === 'club' && parts.length === 1) return { status: 200, json: store.data.club };
      if (resource === 'member-categories' && parts.length === 1) return pageOf(store.data.categories, url, null, (c) => c);
      if (resource === 'members') {
        if (parts.length === 1)
          return pageOf(
            store.data.members,
            url,
            (m) => m.modifiedAt,
            (m) => memberDto(store, m),
          );
        const m = parts.length === 2 && id ? store.members.get(id) : undefined;
        return m ? { status: 200, json: memberDto(store, m) } : errorResult(404, 'not_found', `Member ${id} was not found.`);
      }
      if (resource === 'articles' && parts.length === 1)
        return pageOf(
          store.data.articles,
          url,
          (a) => a.modifiedAt,
          (a) => a,
        );
      if (resource === 'invoice-occasions') {
        if (parts.length === 1)
          return pageOf(
            store.data.occasions,
            url,
            (o) => o.modifiedAt,
            (o) => occasionDto(store, o),
          );
        const o = id ? store.occasions.get(id) : undefined;
        if (!o) return errorResult(404, 'not_found', `Invoice occasion ${id} was not found.`);
        if (parts.length === 2) return { status: 200, json: occasionDto(store, o) };
        if (parts.length === 3 && sub === 'invoice-bases')
          return pageOf(
            store.basesByOccasion.get(o.id) ?? [],
            url,
            (b) => b.modifiedAt,
            (b) => basisDto(store, b),
          );
      }
      if (resource === 'invoice-bases' && parts.length === 2) {
        const b = id ? store.bases.get(id) : undefined;
        return b
          ? { status: 200, json: basisDto(store, b) }
          : errorResult(404, 'not_found', `Invoice basis ${id} was not found.`);
      }
    }
    if (method === 'POST' && resource === 'invoice-bases' && parts.length === 3 && (sub === 'mark-paid' || sub === 'credit')) {
      const b = id ? store.bases.get(id) : undefined;
      if (!b) return errorResult(404, 'not_found', `Invoice basis ${id} was not found.`);
      const body = parseJson(rawBody);
      if (!body.ok) return errorResult(400, 'invalid_request', 'The body is not JSON.');
      const result = sub === 'mark-paid' ? markPaid(b, body.value) : credit(b, body.value);
      if (result.status === 200) stateFile?.changed();
      return result;
    }
    return errorResult(404, 'not_found', `${method} ${url.pathname} is not part of the API.`);
  }

  function control(method: string, pathname: string, rawBody: string): Result {
    const path = pathname.slice(CONTROL_PREFIX.length);
    if (path === 'revoke-key' && method === 'POST') {
      faults.revokeKey();
      return { status: 204 };
    }
    if (path === 'restore-key' && method === 'POST') {
      faults.restoreKey();
      return { status: 204 };
    }
    if (path === 'faults' && method === 'DELETE') {
      faults.reset();
      return { status: 204 };
    }
    if (path === 'faults' && method === 'POST') {
      const json = parseJson(rawBody);
      if (!json.ok) return errorResult(400, 'invalid_request', 'The body is not JSON.');
      const body = faultBody.safeParse(json.value);
      if (!body.success) return invalid(body.error);
      const { times, status, delayMs, hang, retryAfterSeconds, ...match } = body.data;
      const kinds = [status !== undefined, delayMs !== undefined, hang === true].filter(Boolean).length;
      if (kinds !== 1) return errorResult(400, 'invalid_request', 'Give exactly one of status, delayMs or hang.');
      if (status !== undefined) faults.failNext(times, status, { ...match, retryAfterSeconds });
      else if (delayMs !== undefined) faults.slowNext(times, delayMs, match);
      else faults.hangNext(times, match);
      return { status: 204 };
    }
    return errorResult(404, 'not_found', 'Unknown simulator control.');
  }

  const write = (res: ServerResponse, result: Result) => {
    if (result.json === undefined) {
      res.writeHead(result.status, result.headers ?? {});
      res.end();
      return;
    }
    res.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', ...(result.headers ?? {}) });
    res.end(JSON.stringify(result.json));
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', baseUrl);
    const rawBody = await readBody(req);
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      write(res, control(method, url.pathname, rawBody));
      return;
    }
    const log = (status: number) => requestLog.push({ method, path: `${url.pathname}${url.search}`, status });
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
          ? errorResult(429, 'rate_limited', `At most ${rate.limit} requests per minute per club.`, headers)
          : errorResult(fault.status, 'internal_error', 'An internal error occurred.', headers),
      );
      return;
    }

    const header = req.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (key !== apiKey || store.revoked) {
      log(401);
      write(
        res,
        store.revoked && key === apiKey
          ? errorResult(401, 'key_revoked', 'The API key has been revoked.')
          : errorResult(401, 'unauthorized', 'The API key is missing or not valid.'),
      );
      return;
    }
    if (req.headers['x-club-id'] !== clubId) {
      log(403);
      write(res, errorResult(403, 'forbidden', 'The API key does not give access to this club.'));
      return;
    }

    const at = Date.now();
    window = window.filter((t) => t > at - rate.windowMs);
    if (window.length >= rate.limit) {
      const waitSeconds = Math.max(1, Math.ceil(((window[0] as number) + rate.windowMs - at) / 1000));
      log(429);
      write(
        res,
        errorResult(429, 'rate_limited', `At most ${rate.limit} requests per minute per club.`, {
          'retry-after': String(waitSeconds),
        }),
      );
      return;
    }
    window.push(at);

    if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
      log(404);
      write(res, errorResult(404, 'not_found', `${url.pathname} is not part of the API.`));
      return;
    }
    const result = route(method, url, rawBody);
    log(result.status);
    write(res, result);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) write(res, errorResult(500, 'internal_error', String(error)));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    apiBaseUrl: `${baseUrl}${API_PREFIX}`,
    clubId,
    apiKey,
    data: store.data,
    faults,
    requestLog,
    close: async () => {
      await new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      await stateFile?.close();
    },
  };
}
