import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { countSms } from '@fairway/shared';
import { openStateFile } from '../../accounting/simulator-state-file';
import { type ElksSmsStatus, formatElksDeliveredTime, formatElksTime, parseElksTime } from '../wire';
import { ElksSimFaults } from './faults';

export type { ElksFaultMatch } from './faults';
export { ElksSimFaults } from './faults';

export interface ElksSimAccount {
  /** The API username and password (HTTP Basic, CONTRACT.md rule A1). */
  username: string;
  password: string;
  /** Phone numbers the account may send from (its 46elks numbers, the sign-up number; rule F2). */
  senderNumbers?: string[];
  /** Credit in 10000ths of the currency; unlimited when null or left out (rule O3). */
  balance?: number | null;
}

/** The demo's 46elks account, used whenever no real credentials are configured (kit.ts). */
export const ELKS_SIM_DEMO_ACCOUNT: Required<Omit<ElksSimAccount, 'balance'>> = {
  username: 'u0fairway0demo0sim',
  password: 'FAIRWAY-46ELKS-SIMULATOR',
  senderNumbers: ['+46766861004'],
};

export interface ElksSimulatorOptions {
  /** The API accounts; the demo account when omitted. */
  accounts?: ElksSimAccount[];
  /** Price of one SMS part in 10000ths of the currency (0.52 SEK by default). */
  costPerPart?: number;
  /** The simulator's clock (timestamps only; delivery waits are real time). */
  now?: () => Date;
  /** How delivery reports go (rule D1–D3); real 46elks takes seconds, and retries for hours. */
  delivery?: {
    /** After the SMS is created, it is `sent` (and reported) after this long. Default 200 ms. */
    sentAfterMs?: number;
    /** …and `delivered` or `failed` this long after `sent`. Default 600 ms. */
    deliveredAfterMs?: number;
    /** Recipients whose SMS end `failed` (an unreachable handset). */
    failTo?: string[];
    /** A report the receiver did not take (not 200–204, or no answer) is sent again after this, doubling. Default 1 s. */
    retryBaseMs?: number;
    /** Attempts per report; 46elks makes at least 5. */
    maxAttempts?: number;
    /** How long the simulator waits for the receiver's answer. Default 10 s. */
    timeoutMs?: number;
  };
  host?: string;
  port?: number;
  /** Keeps the sent SMS and balances across restarts (demo mode); pending reports resume. */
  persistFile?: string;
  /** Warnings about the state file (stderr by default). */
  warn?: (message: string) => void;
}

export interface SimSms {
  id: string;
  /** The API username that sent it. */
  account: string;
  direction: 'outgoing';
  from: string;
  to: string;
  /** Null when sent with `dontlog=message`. */
  message: string | null;
  created: string;
  status: ElksSmsStatus;
  delivered?: string;
  parts: number;
  cost: number;
  whendelivered: string | null;
  flashsms: boolean;
}

export interface SimRequestLog {
  method: string;
  path: string;
  status: number;
  at: number;
}

export interface SimReportAttempt {
  smsId: string;
  status: ElksSmsStatus;
  /** The receiver's answer; 0 when it gave none (refused, timed out). */
  answer: number;
  at: number;
}

export interface ElksSimulator {
  /** Origin; the API is under `${url}/a1`. */
  url: string;
  apiUrl: string;
  /** Every SMS sent (not dry runs), oldest first. */
  readonly messages: readonly SimSms[];
  faults: ElksSimFaults;
  /** Every API request answered (status 0: never answered or dropped), oldest first. */
  log: SimRequestLog[];
  /** Every delivery report attempt, oldest first. */
  reports: SimReportAttempt[];
  /** The account's credit left (10000ths), or null for unlimited. */
  balance(username: string): number | null;
  /** Resolves once every SMS so far has reached `delivered`/`failed` and its reports were taken or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all (rules R3, F2). */
export const E164 = /^\+[1-9]\d{6,14}$/;
/** A text sender ID as 46elks documents it (rule F1). */
export const TEXT_SENDER_ID = /^[A-Za-z][A-Za-z0-9]{2,10}$/;
/** A concatenated SMS numbers its parts in one octet (rule R5). */
export const MAX_PARTS = 255;
const CREATED_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

interface Answer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

const text = (status: number, body: string, headers?: Record<string, string>): Answer => ({ status, text: body, headers });

interface SavedState {
  messages: SimSms[];
  balances: Record<string, number | null>;
}

function restore(state: unknown): SavedState {
  const s = state as Partial<SavedState> | null;
  if (!s || !Array.isArray(s.messages) || typeof s.balances !== 'object' || s.balances === null)
    throw new Error('not a 46elks simulator state');
  for (const m of s.messages) {
    if (!m || typeof m.id !== 'string' || typeof m.to !== 'string' || typeof m.created !== 'string')
      throw new Error('not a 46elks simulator state');
  }
  return s as SavedState;
}

/**
 * An in-process 46elks SMS API (`/a1/sms`), enforcing what 46elks documents (CONTRACT.md): HTTP
 * Basic auth, form-encoded `from`/`to`/`message`, E.164 recipients, text sender IDs and the
 * account's own numbers as senders, the documented JSON answers, the history, and delivery
 * reports POSTed to `whendelivered` with 46elks' form fields, repeated until the receiver takes
 * them. Faults (429, 5xx, hangs, lost answers) are injected through `faults`.
 */
export async function startElksSimulator(options: ElksSimulatorOptions = {}): Promise<ElksSimulator> {
  const clock = options.now ?? (() => new Date());
  const accounts = new Map<string, ElksSimAccount>((options.accounts ?? [ELKS_SIM_DEMO_ACCOUNT]).map((a) => [a.username, a]));
  const costPerPart = options.costPerPart ?? 5200;
  const delivery = {
    sentAfterMs: options.delivery?.sentAfterMs ?? 200,
    deliveredAfterMs: options.delivery?.deliveredAfterMs ?? 600,
    failTo: new Set(options.delivery?.failTo ?? []),
    retryBaseMs: options.delivery?.retryBaseMs ?? 1_000,
    maxAttempts: options.delivery?.maxAttempts ?? 5,
    timeoutMs: options.delivery?.timeoutMs ?? 10_000,
  };
  const faults = new ElksSimFaults();
  const log: SimRequestLog[] = [];
  const reports: SimReportAttempt[] = [];
  const sockets = new Set<Socket>();
  const closing = new AbortController();
  const pending = new Set<Promise<void>>();

  let messages: SimSms[] = [];
  /** `created` in microseconds, strictly increasing like 46elks' own (two SMS never share one). */
  let lastCreatedMicros = 0;
  function createdStamp(): string {
    const micros = Math.max(clock().getTime() * 1000, lastCreatedMicros + 1);
    lastCreatedMicros = micros;
    const ms = Math.floor(micros / 1000);
    return `${new Date(ms).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}`;
  }
  const balances = new Map<string, number | null>([...accounts.values()].map((a) => [a.username, a.balance ?? null]));

  const stateFile = options.persistFile
    ? openStateFile<SavedState>({
        path: options.persistFile,
        simulator: '46elks',
        snapshot: () => ({ messages, balances: Object.fromEntries(balances) }),
        restore,
        warn: options.warn,
      })
    : null;
  const saved = stateFile?.load();
  if (saved) {
    messages = saved.messages;
    for (const sms of messages) {
      const at = parseElksTime(sms.created);
      if (at) lastCreatedMicros = Math.max(lastCreatedMicros, at.getTime() * 1000 + Number(sms.created.slice(23, 26) || 0));
    }
    for (const [name, value] of Object.entries(saved.balances)) if (balances.has(name)) balances.set(name, value);
  }

  // ---- delivery reports (rules D1–D3) -------------------------------------------------------

  /**
   * The waits under way, each ended with false when the simulator closes. One listener on the
   * closing signal ends them all: a listener per wait (sleep with `signal`) put one on it for every
   * SMS on its way, and a long send-out passed Node's 10 and logged MaxListenersExceededWarning.
   */
  const waits = new Map<NodeJS.Timeout, (done: boolean) => void>();
  closing.signal.addEventListener(
    'abort',
    () => {
      for (const [timer, settle] of waits) {
        clearTimeout(timer);
        settle(false);
      }
      waits.clear();
    },
    { once: true },
  );

  /** Waits, or answers false once the simulator is closing. */
  function wait(ms: number): Promise<boolean> {
    if (closing.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer);
        resolve(true);
      }, ms);
      waits.set(timer, resolve);
    });
  }

  async function report(sms: SimSms, fields: Record<string, string>): Promise<void> {
    if (!sms.whendelivered) return;
    const target = new URL(sms.whendelivered);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    // Rule D2: `https://user:pass@host/…` is Basic auth; fetch takes no credentials in the URL.
    if (target.username || target.password) {
      const credentials = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      target.username = '';
      target.password = '';
    }
    for (let attempt = 0; attempt < delivery.maxAttempts; attempt++) {
      if (closing.signal.aborted) return;
      let answer = 0;
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers,
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(delivery.timeoutMs)]),
        });
        answer = response.status;
        await response.body?.cancel();
      } catch {
        answer = 0;
      }
      reports.push({ smsId: sms.id, status: fields.status as ElksSmsStatus, answer, at: Date.now() });
      // Rule D3: only 200–204 counts as taken; the body is ignored.
      if (answer >= 200 && answer <= 204) return;
      if (!(await wait(delivery.retryBaseMs * 2 ** attempt))) return;
    }
  }

  async function progress(sms: SimSms): Promise<void> {
    if (sms.status === 'created') {
      if (!(await wait(delivery.sentAfterMs))) return;
      sms.status = 'sent';
      stateFile?.changed();
      await report(sms, { id: sms.id, status: 'sent' });
    }
    if (sms.status === 'sent') {
      if (!(await wait(delivery.deliveredAfterMs))) return;
      if (delivery.failTo.has(sms.to)) {
        sms.status = 'failed';
      } else {
        sms.status = 'delivered';
        sms.delivered = formatElksDeliveredTime(clock());
      }
      stateFile?.changed();
      const fields: Record<string, string> = { id: sms.id, status: sms.status };
      if (sms.delivered) fields.delivered = sms.delivered;
      await report(sms, fields);
    }
  }

  function track(sms: SimSms) {
    const work = progress(sms).finally(() => pending.delete(work));
    pending.add(work);
  }

  for (const sms of messages) if (sms.status === 'created' || sms.status === 'sent') track(sms);

  // ---- API ------------------------------------------------------------------------------------

  function account(req: IncomingMessage): ElksSimAccount | null {
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return null;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const found = accounts.get(decoded.slice(0, colon));
    return found && found.password === decoded.slice(colon + 1) ? found : null;
  }

  /** What an SMS looks like in the history and by id (rule H1; the fields of "Get SMS by ID"). */
  function view(sms: SimSms): Record<string, unknown> {
    return {
      id: sms.id,
      direction: sms.direction,
      from: sms.from,
      to: sms.to,
      created: sms.created,
      ...(sms.delivered ? { delivered: sms.delivered } : {}),
      ...(sms.message === null ? {} : { message: sms.message }),
      status: sms.status,
      cost: sms.cost,
    };
  }

  function send(owner: ElksSimAccount, form: URLSearchParams): Answer {
    // Rule R2: the three required parameters.
    for (const key of ['from', 'to', 'message']) {
      if (!form.get(key)) return text(400, `Missing key ${key}`);
    }
    const from = form.get('from') as string;
    const to = form.get('to') as string;
    const message = form.get('message') as string;
    // Rule R3.
    if (!E164.test(to)) return text(400, 'Invalid to: must be a phone number in E.164 format, e.g. +46700000000');
    // Rules F1, F2.
    if (from.startsWith('+')) {
      if (!E164.test(from) || !(owner.senderNumbers ?? []).includes(from))
        return text(400, 'Invalid from: a sender number must be one of the account’s numbers, in E.164 format');
    } else if (!TEXT_SENDER_ID.test(from)) {
      return text(400, 'Invalid from: a text sender ID is 3–11 letters A–Z, a–z and digits, not starting with a digit');
    }
    // Rule R4.
    const whendelivered = form.get('whendelivered');
    if (whendelivered !== null) {
      let url: URL | null = null;
      try {
        url = new URL(whendelivered);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
        return text(400, 'Invalid whendelivered: must be an http or https URL');
    }
    // Rule R5.
    const parts = countSms(message).segments;
    if (parts > MAX_PARTS) return text(400, `Message too long: ${parts} parts, at most ${MAX_PARTS}`);
    const cost = parts * costPerPart;
    const dontlog = form.get('dontlog') === 'message';
    const flashsms = form.get('flashsms') === 'yes';

    // Rule O2: a dry run is checked and priced, nothing is sent or charged.
    if (form.get('dryrun') === 'yes') {
      return {
        status: 200,
        json: {
          status: 'created',
          direction: 'outgoing',
          from,
          to,
          ...(dontlog ? {} : { message }),
          parts,
          estimated_cost: cost,
        },
      };
    }
    // Rule O3.
    const balance = balances.get(owner.username) ?? null;
    if (balance !== null && balance < cost) return text(403, 'Not enough credits');
    if (balance !== null) balances.set(owner.username, balance - cost);

    const sms: SimSms = {
      id: `s${randomBytes(16).toString('hex')}`,
      account: owner.username,
      direction: 'outgoing',
      from,
      to,
      message: dontlog ? null : message,
      created: createdStamp(),
      status: 'created',
      parts,
      cost,
      whendelivered,
      flashsms,
    };
    messages.push(sms);
    track(sms);
    // Rule O1.
    return {
      status: 200,
      json: {
        id: sms.id,
        status: sms.status,
        direction: sms.direction,
        from,
        to,
        created: sms.created,
        ...(dontlog ? { dontlog: 'message' } : { message }),
        ...(flashsms ? { flashsms: 'yes' } : {}),
        parts,
        cost,
      },
    };
  }

  function history(owner: ElksSimAccount, params: URLSearchParams): Answer {
    /** A bound in the `created` form, so that it compares as a string down to the microsecond. */
    const bound = (name: string): string | null | 'bad' => {
      const value = params.get(name);
      if (value === null || value === '') return null;
      if (CREATED_FORM.test(value)) return value;
      const at = parseElksTime(value);
      return at ? formatElksTime(at) : 'bad';
    };
    const start = bound('start');
    const end = bound('end');
    if (start === 'bad' || end === 'bad') return text(400, 'Invalid start or end: not a timestamp');
    const limitText = params.get('limit');
    const limit = limitText === null || limitText === '' ? 100 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1) return text(400, 'Invalid limit');
    const to = params.get('to');
    // Rule H1: newest first; `start` takes SMS before it, `end` SMS after it.
    const found = messages
      .filter((sms) => sms.account === owner.username)
      .filter((sms) => to === null || to === '' || sms.to === to)
      .filter((sms) => start === null || sms.created < start)
      .filter((sms) => end === null || sms.created > end)
      .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
    const page = found.slice(0, Math.min(limit, 100));
    const more = found.length > page.length;
    return { status: 200, json: { data: page.map(view), ...(more ? { next: page[page.length - 1].created } : {}) } };
  }

  function route(owner: ElksSimAccount, req: IncomingMessage, path: string, url: URL, rawBody: string): Answer {
    const method = req.method ?? 'GET';
    const segments = path.split('/').filter(Boolean);
    // Rule A2: `/a1/sms` and `/a1/SMS` alike.
    if (segments[0] !== 'a1' || segments[1] !== 'sms' || segments.length > 3) return text(404, 'Not found');
    if (segments.length === 2) {
      // Rule R1: only a form body has fields; anything else (JSON, say) sends none.
      const form = String(req.headers['content-type'] ?? '')
        .toLowerCase()
        .startsWith('application/x-www-form-urlencoded');
      if (method === 'POST') return send(owner, new URLSearchParams(form ? rawBody : ''));
      if (method === 'GET') return history(owner, url.searchParams);
      return text(405, 'Method not allowed');
    }
    if (method !== 'GET') return text(405, 'Method not allowed');
    const sms = messages.find(
      (m) => m.id === decodeURIComponent(url.pathname.split('/')[3] ?? '') && m.account === owner.username,
    );
    return sms ? { status: 200, json: view(sms) } : text(404, 'Not found');
  }

  function respond(res: ServerResponse, answer: Answer) {
    if (answer.json !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.json));
    } else {
      res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers }).end(answer.text ?? '');
    }
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname.toLowerCase();
    const record = (status: number) => log.push({ method, path, status, at: Date.now() });
    const rawBody = await readBody(req);

    if (faults.take(method, path, ['hang'])) {
      record(0);
      return; // Never answered; close() drops the connection.
    }
    const injected = faults.take(method, path, ['status']);
    if (injected) {
      record(injected.status);
      respond(
        res,
        injected.status === 429
          ? text(429, 'Too Many Requests', { 'retry-after': String(injected.retryAfterSeconds ?? 1) })
          : text(injected.status, 'Internal Server Error'),
      );
      return;
    }
    // Rule A1.
    const owner = account(req);
    if (!owner) {
      record(401);
      respond(res, text(401, 'Unauthorized', { 'www-authenticate': 'Basic realm="46elks"' }));
      return;
    }
    const answer = route(owner, req, path, url, rawBody);
    // On disk before the answer leaves: an SMS the client heard of survives a kill -9.
    if (stateFile && method === 'POST' && answer.status === 200) stateFile.saveNow();

    const drop = faults.take(method, path, ['dropAnswer']);
    if (drop) {
      record(0);
      req.socket.destroy();
      return;
    }
    const slow = faults.take(method, path, ['slowAnswer']);
    if (slow && !(await wait(slow.delayMs))) return;
    record(answer.status);
    if (!res.destroyed) respond(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) respond(res, text(500, `Internal Server Error: ${(error as Error).message}`));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  let closed: Promise<void> | null = null;

  return {
    url: origin,
    apiUrl: `${origin}/a1`,
    get messages() {
      return messages;
    },
    faults,
    log,
    reports,
    balance: (username) => balances.get(username) ?? null,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      closed ??= (async () => {
        closing.abort();
        await Promise.allSettled([...pending]);
        await new Promise<void>((resolve, reject) => {
          for (const socket of sockets) socket.destroy();
          server.close((error) => (error ? reject(error) : resolve()));
        });
        await stateFile?.close();
      })();
      return closed;
    },
  };
}
