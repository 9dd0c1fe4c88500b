import { type DefaultBodyType, HttpResponse, http, type PathParams, type StrictRequest } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one mock API of the web tests: a Mock Service Worker server that answers the app's real
 * `fetch` calls (lib/api-client.ts builds them), so a test says what the server holds and what the
 * user sees, not how fetch is called. `test/setup.ts` starts it for every web test; each test
 * adds its answers with `mockApi` and they are removed after the test. A call no test answered
 * fails like an unreachable server and is reported on the console.
 */
export const server = setupServer();

const API_ORIGIN_PATH = '*/api/v1/';

/** One call the app made: method, path below /api/v1/ (no query, no trailing slash), query and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface AnswerContext {
  request: StrictRequest<DefaultBodyType>;
  params: PathParams;
  url: URL;
  query: URLSearchParams;
  /** The parsed JSON body (FormData and other bodies: undefined). */
  body: unknown;
}

/** What a handler answers: a Response (see `ok`, `refuse`), or a plain value sent as `{ data: value }`. */
export type Answer = Response | Promise<Response>;
export type Handler = (context: AnswerContext) => Answer | unknown | Promise<unknown>;

/** `{ data }` (plus `pagination` for lists) with status 200, or `status` when given. */
export function ok(data: unknown, init: { status?: number; pagination?: unknown; extra?: Record<string, unknown> } = {}) {
  const body: Record<string, unknown> = { data, ...init.extra };
  if (init.pagination !== undefined) body.pagination = init.pagination;
  return HttpResponse.json(body as never, { status: init.status ?? 200 });
}

/** One page holding every row: `{ data: rows, pagination }`. */
export function page<T>(rows: T[], pageSize = 25) {
  return ok(rows, { pagination: { page: 1, pageSize, total: rows.length } });
}

/** A refusal with the server's localised texts, as the API's error envelope carries them. */
export function refuse(status: number, message: string, engMessage = message, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ message, eng_message: engMessage, ...extra } as never, { status });
}

/** Any JSON body with any status, e.g. a validation refusal `{ error: { field: [...] } }`; no body when undefined. */
export function reply(status: number, body?: unknown) {
  if (body === undefined) return new HttpResponse(null, { status });
  return HttpResponse.json(body as never, { status });
}

async function jsonBody(request: Request): Promise<unknown> {
  if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) return undefined;
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const pathOf = (url: URL) => url.pathname.replace(/^\/api\/v1\//, '').replace(/\/$/, '');

/**
 * Answers calls by "METHOD path" below /api/v1/; a path may hold `:params` (`segments/customers/:id`)
 * or end in `*`, and `ALL` answers every method. The first matching route answers. A handler returns a Response, or a value that goes back as `{ data: value }`.
 * Returns the calls the app makes to the API from now on (answered or not), in order.
 */
export function mockApi(routes: Record<string, Handler>): ApiCall[] {
  server.use(
    ...Object.entries(routes).flatMap(([key, handler]) => {
      const [method, path] = key.split(' ', 2) as [string, string];
      const make = http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all'];
      if (!make || path === undefined) throw new Error(`mockApi: "${key}" is not "METHOD path"`);
      const pattern = `${API_ORIGIN_PATH}${path.replace(/^\//, '')}`;
      // The app writes some paths with a trailing slash; both spellings are the same call.
      return [pattern, `${pattern}/`].map((p) =>
        make(p, async ({ request, params, requestId }) => {
          const url = new URL(request.url);
          const body = await jsonBody(request);
          // The recorded call holds its body before the app sees the answer.
          const call = byRequestId.get(requestId);
          if (call) call.body = body;
          const answer = await handler({ request, params, url, query: url.searchParams, body });
          return answer instanceof Response ? answer : ok(answer);
        }),
      );
    }),
  );
  return recordCalls();
}

/** A write as a test lists it: method, path from /api/v1/ on, and the JSON body (null when none). */
export interface Write {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The handler, noting each call it answers in `writes` before answering, so a test can say which
 * writes the user's actions sent: `'POST members': noting(writes, () => ...)`.
 */
export function noting(writes: Write[], handler: Handler): Handler {
  return (context) => {
    writes.push({ method: context.request.method, path: context.url.pathname, body: context.body ?? null });
    return handler(context);
  };
}

/** The lists handed out by `mockApi` during this test; each call made goes into all of them. */
const lists: ApiCall[][] = [];
const byRequestId = new Map<string, ApiCall>();
let listening = false;

/** The calls made to the API from now on (until the end of the test). */
export function recordCalls(): ApiCall[] {
  const calls: ApiCall[] = [];
  lists.push(calls);
  if (listening) return calls;
  listening = true;
  server.events.on('request:start', ({ request, requestId }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/v1/')) return;
    const call: ApiCall = {
      method: request.method,
      path: pathOf(url),
      url,
      query: url.searchParams,
      body: undefined,
      headers: request.headers,
    };
    for (const list of lists) list.push(call);
    byRequestId.set(requestId, call);
    void jsonBody(request).then(
      (body) => {
        call.body = body;
      },
      () => undefined,
    );
  });
  return calls;
}

/** Called after each test by test/setup.ts. */
export function resetMockApi() {
  server.resetHandlers();
  server.events.removeAllListeners();
  listening = false;
  lists.length = 0;
  byRequestId.clear();
}

/** A canned answer: status (200 when absent) and JSON body (none when absent). */
export interface CannedAnswer {
  status?: number;
  body?: unknown;
}

/**
 * A server that answers by "METHOD path" with canned answers (or functions of the JSON body sent),
 * and every other call with 404 and the given texts. Returns the calls made.
 */
export function answerRoutes(
  routes: Record<string, CannedAnswer | ((body: unknown) => CannedAnswer)>,
  notFound: [message: string, engMessage: string] = ['Hittades inte', 'Not found'],
): ApiCall[] {
  return mockApi({
    ...Object.fromEntries(
      Object.entries(routes).map(([key, route]) => [
        key,
        ({ body }: AnswerContext) => {
          const answer = typeof route === 'function' ? route(body) : route;
          return reply(answer.status ?? 200, answer.body);
        },
      ]),
    ),
    'ALL *': () => refuse(404, ...notFound),
  });
}

/**
 * What the dashboard shell asks for on every page: the signed-in user (GET users/me, read on each
 * call so a test may change who it is) and the bell's notifications (none). Spread into mockApi.
 */
export function dashboardShell(me: () => unknown): Record<string, Handler> {
  return {
    'GET users/me': () => me(),
    'GET notifications': () => ok([], { pagination: { page: 1, pageSize: 1, total: 0 }, extra: { unreadCount: 0 } }),
  };
}
