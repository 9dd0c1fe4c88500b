import { connect } from 'node:net';
import { errorBodySchema } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signIn } from '../test/fixtures/users';
import {
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  observe,
  operationsOf,
  requestArbitrary,
  UNSTORABLE_TEXT,
} from '../test/openapi-fuzz';
import { createTestApp, type TestApp } from '../test/test-app';
import type { App } from './app';
import { users } from './db/schema';
import {
  connectDemoAccounts,
  DEMO_LOGINS,
  DEMO_PLATFORM_ADMIN,
  seedDemo,
  seedDemoPlatformAdmin,
  seedHelpContent,
  seedReferenceData,
} from './db/seed/index';

/**
 * Schema-driven fuzzing of the whole API: for every operation of the OpenAPI document the server
 * serves, requests spoiled in generated ways (see test/openapi-fuzz.ts), sent as the demo owner,
 * the demo platform admin, nobody, or with a forged token. Whatever the input, the server must
 * answer below 500, every error in the `{ message, eng_message }` shape, and neither exit nor
 * leave a promise rejection unhandled — also in the jobs the requests queue, since workers run.
 *
 * No operation is skipped: nothing reaches outside the test. Without SMTP_URL e-mail goes to the
 * outbox table, the accounting programs and GIT are the in-process simulators, and a field that
 * names an outbound URL only ever gets a local address where nothing listens (openapi-fuzz.ts).
 *
 * FUZZ_SEED replays a run (the seed is printed on failure); FUZZ_RUNS sets the requests per
 * operation; FUZZ_ONLY (a substring of "METHOD /path") narrows the run to some operations. A
 * replay of one operation starts from a fresher database than the full run had, so a failure
 * that depends on earlier requests may need the full run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 36);
const ONLY = process.env.FUZZ_ONLY;

/**
 * The run is bounded by RUNS (about a minute idle, three on a loaded two-core machine); this only
 * stops a run that hangs.
 */
const FUZZ_TIMEOUT_MS = 10 * 60_000;

let t: TestApp;
let app: App;
let ownerId: string;
let organisationId: string;
let adminId: string;
/** A colleague of the owner, whose rate-limit budget the fuzz has not spent. */
let managerId: string;
let adminOrganisationId: string;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

async function jobsPending(): Promise<number> {
  const { rows } = await app.database.executeSql(
    "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() and name not like '__pgboss%'",
  );
  return Number(rows[0]?.n ?? 0);
}

/** Waits (boundedly) until the queued jobs have run, so their failures show within this test. */
async function settleJobs(deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until && (await jobsPending()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Reads the API as the owner before spoiling it: every GET without path parameters, then each
 * `{id}` route with the first id its collection lists. Answers a real id per such path, and the
 * values seen per field name (see `Known` in test/openapi-fuzz.ts).
 */
async function explore(operations: Operation[], token: string) {
  const observed = new Map<string, unknown[]>();
  const ids: Record<string, Record<string, string>> = {};
  const read = async (url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) return undefined;
    const body = res.json() as { data?: unknown };
    observe(body.data, observed);
    return body.data;
  };
  const gets = operations.filter((op) => op.method === 'GET');
  for (const op of gets) if (!op.path.includes('{')) await read(op.path);
  for (const op of gets) {
    const match = /^(.*)\/\{id\}/.exec(op.path);
    if (!match?.[1]) continue;
    const data = await read(match[1]);
    const first = Array.isArray(data) ? (data[0] as { id?: unknown } | undefined) : undefined;
    if (typeof first?.id !== 'string') continue;
    if (!/\{(?!id\})/.test(op.path)) await read(op.path.replace('{id}', first.id));
    for (const other of operations) if (other.path.startsWith(`${match[1]}/{id}`)) ids[other.path] = { id: first.id };
  }
  return { ids, observed };
}

/** What is wrong with an answer, if anything: a 5xx, or an error body out of shape. */
function judge(status: number, text: string, request: FuzzRequest): string | undefined {
  if (status >= 500) {
    return UNSTORABLE_TEXT.test(`${request.url} ${request.payload ?? ''}`) ? '5xx (NUL or lone surrogate in the input)' : '5xx';
  }
  if (status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (errorBodySchema.safeParse(body).success) return undefined;
  const fastifys = /^FST_/.test(String((body as { code?: unknown } | undefined)?.code));
  return `error body without message/eng_message${fastifys ? " (Fastify's own)" : ''}`;
}

/**
 * Requests only a real socket carries: `inject` knows no limit on header size, and sends only
 * well-formed HTTP. Each is written raw and the answer read until the server closes.
 */
async function overSocket(): Promise<{ request: FuzzRequest; status: number; body: string }[]> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  const raw = [
    {
      what: 'headers over the size limit',
      text: `GET /api/v1/members HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    },
    { what: 'URL over the size limit', text: `GET /api/v1/members/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n` },
    { what: 'bad Content-Length', text: 'POST /api/v1/members HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}' },
    { what: 'not HTTP', text: 'HELLO\r\n\r\n' },
    { what: 'NUL in a header', text: 'GET /api/v1/members HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n' },
    { what: 'bad URL encoding', text: 'GET /api/v1/members/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' },
  ];
  const answers = [];
  for (const { what, text } of raw) {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.end(text);
    });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    answers.push({ request: { method: 'RAW', url: text.slice(0, 80), headers: {}, what }, status, body });
  }
  return answers;
}

interface Failure {
  op: string;
  request: FuzzRequest;
  who: string;
  status: number;
  body: string;
  reason: string;
}

/** One line per distinct failure (operation, status, reason, kind of input), with one example. */
function describeFailures(failures: Failure[]): string {
  const seen = new Map<string, { failure: Failure; count: number }>();
  for (const failure of failures) {
    const key = `${failure.op} ${failure.status} ${failure.reason} ${failure.request.what}`;
    const entry = seen.get(key);
    if (entry) entry.count++;
    else seen.set(key, { failure, count: 1 });
  }
  const short = (text: string | undefined, n: number) =>
    text === undefined ? '' : JSON.stringify(text.length > n ? `${text.slice(0, n)}…(${text.length})` : text);
  return [...seen.values()]
    .map(
      ({ failure: f, count }) =>
        `${f.op} → ${f.status} ${f.reason} [${f.request.what}; ${count}×]\n` +
        `    ${f.request.method} ${short(f.request.url, 160)} as ${f.who} ${JSON.stringify(f.request.headers)} ${short(f.request.payload, 200)}\n` +
        `    ← ${short(f.body, 200)}`,
    )
    .join('\n');
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  t = await createTestApp({ RUN_WORKERS: true });
  app = t.app;
  await seedReferenceData(app.db);
  await seedHelpContent(app.db);
  await seedDemo(app);
  await seedDemoPlatformAdmin(app.db);
  await connectDemoAccounts(app);
  const [owner] = await app.db
    .select({ id: users.id, organisationId: users.currentOrganisationId })
    .from(users)
    .where(eq(users.email, DEMO_LOGINS[0]?.email ?? ''));
  const [admin] = await app.db
    .select({ id: users.id, organisationId: users.currentOrganisationId })
    .from(users)
    .where(eq(users.email, DEMO_PLATFORM_ADMIN.email));
  const [manager] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_LOGINS[1]?.email ?? ''));
  if (!owner?.organisationId || !admin?.organisationId || !manager) {
    throw new Error('the demo seed made no owner, manager or platform admin');
  }
  managerId = manager.id;
  ownerId = owner.id;
  organisationId = owner.organisationId;
  adminId = admin.id;
  adminOrganisationId = admin.organisationId;
  // The first mirror refreshes and the GIT refresh, so lists have rows to pick ids from.
  await settleJobs(120_000);
}, 240_000);

afterAll(async () => {
  await t?.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  vi.restoreAllMocks();
});

describe('API fuzzing over the OpenAPI document', () => {
  it(
    'answers every generated bad request below 500, in the error shape, and stays up',
    async () => {
      const exits: unknown[] = [];
      vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
        exits.push(code);
      }) as typeof process.exit);

      const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      const all = operationsOf(docs.json() as OpenApiDocument);
      // Destructive calls last, so the world the others see stays the demo's as long as possible.
      const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
      const operations = all
        .filter((op) => !ONLY || `${op.method} ${op.path}`.includes(ONLY))
        .sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
      const world = await explore(all, await signIn(app, ownerId, organisationId));

      const failures: Failure[] = [];
      let sent = 0;
      let serverErrors = 0;
      const statuses = new Map<number, number>();
      const started = Date.now();
      const who = fc.constantFrom('owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'admin', 'nobody', 'forged');

      for (const [index, op] of operations.entries()) {
        const name = `${op.method} ${op.path}`;
        // Each operation its own seed and fresh sessions: logout or a password change in one
        // operation's cases must not sign the next operation out.
        const seed = SEED + all.findIndex((o) => o.method === op.method && o.path === op.path);
        const cases = fc.sample(
          fc.tuple(requestArbitrary(op, { ids: world.ids[op.path] ?? {}, observed: world.observed }), who),
          { seed, numRuns: RUNS },
        );
        const tokens = {
          owner: await signIn(app, ownerId, organisationId),
          admin: await signIn(app, adminId, adminOrganisationId),
        };
        for (const [request, sender] of cases) {
          const headers: Record<string, string> = { 'accept-language': index % 2 ? 'en' : 'sv', ...request.headers };
          if (sender === 'owner' || sender === 'admin') headers.authorization = `Bearer ${tokens[sender]}`;
          if (sender === 'forged') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
          const response = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const reason = judge(response.statusCode, response.body, request);
          if (response.statusCode >= 500) serverErrors++;
          if (reason) failures.push({ op: name, request, who: sender, status: response.statusCode, body: response.body, reason });
        }
      }
      for (const { request, status, body } of await overSocket()) {
        sent++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) serverErrors++;
        const reason = judge(status, body, request);
        if (reason) failures.push({ op: 'over a socket', request, who: 'nobody', status, body, reason });
      }
      // What the requests wrote into the simulators passes through the refresh jobs too: a
      // document the mirror cannot store must be skipped, not crash the worker.
      // As the manager: budgets are per organisation and user, and the fuzz has spent the owner's.
      const manager = bearer(await signIn(app, managerId, organisationId));
      for (const url of ['/api/v1/synchronize', '/api/v1/git/refresh']) {
        const response = await app.inject({ method: 'POST', url, headers: manager });
        const request = { method: 'POST', url, headers: {}, what: 'refresh after the fuzz' };
        if (response.statusCode >= 300) {
          failures.push({
            op: `POST ${url}`,
            request,
            who: 'manager',
            status: response.statusCode,
            body: response.body,
            reason: 'refresh refused',
          });
        }
      }
      await settleJobs(90_000);

      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const figures = `API fuzz: ${sent} requests, ${operations.length} of ${all.length} operations, ${serverErrors} answered 5xx, ${failures.length} failures, ${unhandled.length} unhandled rejections, ${exits.length} exits, ${seconds} s (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`;
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.log(`${figures}\nanswers by status: ${histogram.join(', ')}`);
      const report = [
        figures,
        describeFailures(failures),
        ...unhandled.map((reason) => `unhandled: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`),
        ...exits.map((code) => `process.exit(${String(code)})`),
      ]
        .filter(Boolean)
        .join('\n');
      expect(failures.length + unhandled.length + exits.length, report).toBe(0);
    },
    FUZZ_TIMEOUT_MS,
  );
});
