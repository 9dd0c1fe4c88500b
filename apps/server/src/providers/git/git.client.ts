import { setTimeout as sleep } from 'node:timers/promises';
import { storableDeep } from '@fairway/shared';
import type { z } from 'zod';
import type { MessageKey } from '../../lib/i18n';
import type { RateLimit, RateLimiter } from '../accounting/rate-limiter';
import { backoffMs, parseRetryAfter, retryAfterJitterMs } from '../retry';
import { GitError } from './git-errors';
import {
  type CreditInput,
  GIT_MAX_PAGE_SIZE,
  type GitGateway,
  type GitIterateOptions,
  type GitListQuery,
  type GitPage,
  gitArticleSchema,
  gitClubSchema,
  gitInvoiceBasisSchema,
  gitInvoiceOccasionSchema,
  gitMemberCategorySchema,
  gitMemberSchema,
  gitPageSchema,
  type MarkPaidInput,
  paginate,
} from './git-gateway';

/**
 * The GIT gateway over HTTP (PROTOCOL.md): `Authorization: Bearer <api key>` and
 * `X-Club-Id`, paged lists, `{ error: { code, message } }` bodies. Every attempt may wait for a
 * shared limiter (GIT: 300 requests per minute per club), has its own timeout, and is retried with
 * exponential backoff and jitter on 429 (after `Retry-After`), 5xx, timeouts and dropped
 * connections. Retrying is safe for every call: lists and reads change nothing, and mark-paid and
 * credit are idempotent by their payment reference / the basis' credited state. Answers are
 * checked against the gateway's schemas, so a malformed answer is an error, not bad data.
 */

/** GIT allows 300 requests per minute per club. */
export const GIT_RATE_LIMIT: RateLimit = { limit: 300, windowMs: 60_000, marginMs: 250 };

export interface GitLogger {
  warn(obj: object, msg: string): void;
}

export interface GitClientOptions {
  /** GIT's API root, or a simulator's `apiBaseUrl` (`<origin>/api/v1`). */
  baseUrl: string;
  apiKey: string;
  /** The club's id in GIT (`X-Club-Id`). */
  clubId: string;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Further attempts after a transient failure; default 4. */
  maxRetries?: number;
  /** First backoff step; doubles each attempt, plus jitter. Default 500 ms. */
  retryBaseMs?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails as rate limited. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Shared budget of the club's requests (e.g. `createRateLimiter(db, GIT_RATE_LIMIT)`). */
  limiter?: RateLimiter;
  /** The limiter key; default `git:<clubId>`. */
  rateKey?: string;
  logger?: GitLogger;
}

interface GitErrorBody {
  error?: { code?: string; message?: string };
}

interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Message key (and params) for a 404. */
  notFound?: { key: MessageKey; params?: Record<string, string> };
}

/** GIT's status and error code → the portal's kind and message. */
export function mapGitError(status: number, body: GitErrorBody | null, options: RequestOptions = {}): GitError {
  const code = body?.error?.code;
  const detail = body?.error?.message ?? `HTTP ${status}`;
  const extra = { gitCode: code ?? status };
  if (status === 401 || status === 403) return new GitError('unauthorized', 'gitGateway.unauthorized', {}, extra);
  if (status === 404) {
    const notFound = options.notFound ?? { key: 'gitGateway.notFound' as const };
    return new GitError('not_found', notFound.key, notFound.params, extra);
  }
  if (status === 409) {
    if (code === 'credited') return new GitError('conflict', 'gitGateway.basisCredited', {}, extra);
    if (code === 'already_paid') return new GitError('conflict', 'gitGateway.alreadyPaid', {}, extra);
    return new GitError('conflict', 'gitGateway.invalid', { detail }, extra);
  }
  if (status === 429) return new GitError('rate_limited', 'gitGateway.rateLimited', {}, extra);
  if (status >= 400 && status < 500) return new GitError('invalid', 'gitGateway.invalid', { detail }, extra);
  return new GitError('unavailable', 'gitGateway.unavailable', {}, extra);
}

function listQuery(query: GitListQuery = {}): Record<string, string | number | undefined> {
  const pageSize = query.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > GIT_MAX_PAGE_SIZE)
    throw new RangeError(`pageSize must be 1–${GIT_MAX_PAGE_SIZE}`);
  return { page: query.page ?? 1, pageSize, modifiedSince: query.modifiedSince?.toISOString() };
}

export interface GitClient extends GitGateway {
  /** Attempts made so far (every HTTP request, retries included). */
  readonly attempts: number;
}

export function createGitClient(options: GitClientOptions): GitClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const rateKey = options.rateKey ?? `git:${options.clubId}`;
  let attempts = 0;
  const backoff = (attempt: number) => backoffMs(attempt, retryBaseMs);

  async function request<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    opts: RequestOptions = {},
  ): Promise<z.infer<S>> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      if (options.limiter) await options.limiter.acquire(rateKey);
      attempts++;
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'x-club-id': options.clubId,
            accept: 'application/json',
            ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
          // A redirect is an answer, not a new address to call: only the configured origin is.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Inside the timeout too: a server that sends headers and then stalls is a timeout.
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        options.logger?.warn({ method, path, attempt, err: error }, timedOut ? 'git request timed out' : 'git request failed');
        if (attempt < maxRetries) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new GitError('unavailable', timedOut ? 'gitGateway.timeout' : 'gitGateway.unavailable', {}, { cause: error });
      }

      let json: unknown = null;
      try {
        // What enters the portal from GIT is cleaned of text PostgreSQL cannot store, here once.
        json = text === '' ? null : storableDeep(JSON.parse(text));
      } catch {
        json = null;
      }

      if (response.ok) {
        const parsed = schema.safeParse(json);
        if (parsed.success) return parsed.data;
        options.logger?.warn({ method, path, issues: parsed.error.issues.slice(0, 5) }, 'git answer not understood');
        throw new GitError('unavailable', 'gitGateway.badResponse', {}, { gitCode: response.status, cause: parsed.error });
      }
      const body = json as GitErrorBody | null;
      if (response.status === 429) {
        const wait = parseRetryAfter(response.headers.get('retry-after'));
        if (attempt < maxRetries && (wait === undefined || wait <= maxRetryAfterMs)) {
          options.logger?.warn({ method, path, attempt, waitMs: wait }, 'git rate limited');
          // Jitter after Retry-After too, so clients throttled together do not return together.
          await sleep((wait ?? backoff(attempt)) + retryAfterJitterMs(retryBaseMs));
          continue;
        }
        throw new GitError('rate_limited', 'gitGateway.rateLimited', {}, { gitCode: 429, retryAfterMs: wait });
      }
      if (response.status >= 500) {
        options.logger?.warn({ method, path, attempt, status: response.status }, 'git server error');
        if (attempt < maxRetries) {
          await sleep(backoff(attempt));
          continue;
        }
      }
      throw mapGitError(response.status, body, opts);
    }
  }

  // Async, so a bad page size rejects like every other failure instead of throwing at the call.
  const page = async <S extends z.ZodType>(
    item: S,
    path: string,
    query?: GitListQuery,
    notFound?: RequestOptions['notFound'],
  ): Promise<GitPage<z.infer<S>>> =>
    request(gitPageSchema(item), 'GET', path, { query: listQuery(query), notFound }) as Promise<GitPage<z.infer<S>>>;

  const iterate = <T>(list: (query: GitListQuery) => Promise<GitPage<T>>, iterateOptions: GitIterateOptions = {}) =>
    paginate((n) => list({ pageSize: GIT_MAX_PAGE_SIZE, ...iterateOptions, page: n }));

  const occasionMissing = { key: 'gitGateway.occasionMissing' as const };
  const basisMissing = { key: 'gitGateway.basisMissing' as const };
  const enc = encodeURIComponent;

  const client: GitClient = {
    get attempts() {
      return attempts;
    },
    getClub: () => request(gitClubSchema, 'GET', '/club'),
    listMemberCategories: (query) => page(gitMemberCategorySchema, '/member-categories', query),
    listMembers: (query) => page(gitMemberSchema, '/members', query),
    members: (o) => iterate(client.listMembers, o),
    getMember: (golfId) =>
      request(gitMemberSchema, 'GET', `/members/${enc(golfId)}`, {
        notFound: { key: 'gitGateway.memberMissing', params: { golfId } },
      }),
    listArticles: (query) => page(gitArticleSchema, '/articles', query),
    articles: (o) => iterate(client.listArticles, o),
    listInvoiceOccasions: (query) => page(gitInvoiceOccasionSchema, '/invoice-occasions', query),
    invoiceOccasions: (o) => iterate(client.listInvoiceOccasions, o),
    getInvoiceOccasion: (id) =>
      request(gitInvoiceOccasionSchema, 'GET', `/invoice-occasions/${enc(id)}`, { notFound: occasionMissing }),
    listInvoiceBases: (occasionId, query) =>
      page(gitInvoiceBasisSchema, `/invoice-occasions/${enc(occasionId)}/invoice-bases`, query, occasionMissing),
    invoiceBases: (occasionId, o) => iterate((q) => client.listInvoiceBases(occasionId, q), o),
    getInvoiceBasis: (id) => request(gitInvoiceBasisSchema, 'GET', `/invoice-bases/${enc(id)}`, { notFound: basisMissing }),
    markPaid: (id, input: MarkPaidInput) =>
      request(gitInvoiceBasisSchema, 'POST', `/invoice-bases/${enc(id)}/mark-paid`, {
        body: { paidAt: input.paidAt.toISOString(), amountOre: input.amountOre, reference: input.reference },
        notFound: basisMissing,
      }),
    credit: (id, input: CreditInput) =>
      request(gitInvoiceBasisSchema, 'POST', `/invoice-bases/${enc(id)}/credit`, {
        body: { reason: input.reason, creditedAt: input.creditedAt.toISOString() },
        notFound: basisMissing,
      }),
  };
  return client;
}
