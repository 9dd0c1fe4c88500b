import { setTimeout as sleep } from 'node:timers/promises';
import { storableDeep } from '@fairway/shared';
import type { MessageKey } from '../../lib/i18n';
import type { AccessTokenSource } from '../accounting/credentials';
import { AccountingError, type AccountingErrorKind } from '../accounting/errors';
import type { RateLimiter } from '../accounting/rate-limiter';

/**
 * HTTP to the eEkonomi API (`https://eaccountingapi.vismaonline.com/v2`): every request waits
 * for the shared limiter under the key of its company and endpoint (Visma counts 600 a minute
 * per client and endpoint: `/customers` and `/customers/{id}` share one budget, `/articles` has
 * its own), carries the bearer token, and is retried on 429 (after Retry-After, or
 * the seconds Visma names in its message), on 5xx and timeouts (only when repeating cannot make a
 * second document: GET, PUT, DELETE), and once after a 401 with a refreshed token. Visma's
 * `{ ErrorCode, DeveloperErrorMessage, ErrorId }` becomes an `AccountingError` with a message key.
 */

export const PROVIDER_NAME = 'Visma eEkonomi';

export interface VismaLogger {
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface VismaClientOptions {
  /** `https://eaccountingapi.vismaonline.com/v2`, or a simulator's `apiBaseUrl`. */
  apiBaseUrl: string;
  auth: AccessTokenSource;
  limiter: RateLimiter;
  /** The limiter key of this company, e.g. `visma_eekonomi:<club account id>`. */
  rateKey: string;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Further attempts after a transient failure; default 4. */
  maxRetries?: number;
  /** First backoff step; doubles each attempt, plus jitter. Default 500 ms. */
  retryBaseMs?: number;
  logger?: VismaLogger;
}

export interface VismaMeta {
  CurrentPage: number;
  PageSize: number;
  TotalNumberOfPages: number;
  TotalNumberOfResults: number;
  ServerTimeUtc?: string;
}

export interface VismaPage<T> {
  Meta: VismaMeta;
  Data: T[];
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Message key for a 404 / ResourceNotFound (e.g. `accounting.invoiceMissing`). */
  notFoundKey?: MessageKey;
  /** Message key for ErrorCode 4000 Conflict (e.g. `accounting.customerNumberInUse`). */
  conflictKey?: MessageKey;
  /** What the operation produces, when not JSON (print: `application/pdf`). */
  accept?: string;
}

interface VismaErrorBody {
  ErrorCode?: number;
  DeveloperErrorMessage?: string;
  ErrorId?: string;
}

const SAFE_METHODS = new Set(['GET', 'PUT', 'DELETE']);

function providerError(
  kind: AccountingErrorKind,
  key: MessageKey,
  params: Record<string, string> = {},
  extra: { code?: number; retryAfterMs?: number; cause?: unknown } = {},
) {
  return new AccountingError(
    kind,
    key,
    { provider: PROVIDER_NAME, ...params },
    {
      provider: 'visma_eekonomi',
      providerCode: extra.code,
      retryAfterMs: extra.retryAfterMs,
      cause: extra.cause,
    },
  );
}

/** Visma's 429 says "Try again in 55 seconds."; a Retry-After header wins when present. */
export function retryAfterMs(headers: Headers, body: VismaErrorBody | null): number | undefined {
  const header = headers.get('retry-after');
  if (header !== null) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - Date.now());
  }
  const match = body?.DeveloperErrorMessage?.match(/try again in (\d+) seconds?/i);
  return match ? Number(match[1]) * 1000 : undefined;
}

/** ErrorCode → the portal's kind and message (developer.vismaonline.com, "Error codes"). */
export function mapVismaError(status: number, body: VismaErrorBody | null, options: RequestOptions = {}): AccountingError {
  const code = body?.ErrorCode;
  const detail = body?.DeveloperErrorMessage ?? `HTTP ${status}`;
  const extra = { code };
  switch (code) {
    case 2000:
    case 3001:
      return providerError('validation', 'accounting.rejected', { detail }, extra);
    case 3000:
      return providerError('not_found', options.notFoundKey ?? 'accounting.documentMissing', {}, extra);
    case 3002:
      return providerError('validation', 'accounting.accountNotFound', { account: detail.match(/\d{4}/)?.[0] ?? '?' }, extra);
    case 3003:
      return providerError('licence_missing', 'accounting.visma.missingScopes', {}, extra);
    case 4000:
      return options.conflictKey
        ? providerError('conflict', options.conflictKey, {}, extra)
        : providerError('conflict', 'accounting.rejected', { detail }, extra);
    case 4001:
      return providerError('conflict', 'accounting.rejected', { detail }, extra);
    case 4002:
      // Visma uses 4002 both for CanNotBeCreatedOrUpdated and NoAccessToModule.
      return /module/i.test(detail)
        ? providerError('licence_missing', 'accounting.visma.moduleMissing', {}, extra)
        : providerError('conflict', 'accounting.rejected', { detail }, extra);
    case 4003:
      return providerError('licence_missing', 'accounting.visma.startupGuideNotCompleted', {}, extra);
    case 4004:
      return providerError('licence_missing', 'accounting.visma.companyNotActive', {}, extra);
    case 4005:
      return providerError('consent_revoked', 'accounting.consentRevoked', {}, extra);
    case 4006:
      return providerError('licence_missing', 'accounting.visma.missingScopes', {}, extra);
    case 4010:
      return providerError('rate_limited', 'accounting.rateLimited', {}, extra);
  }
  if (status === 404) return providerError('not_found', options.notFoundKey ?? 'accounting.documentMissing', {}, extra);
  if (status === 403) return providerError('licence_missing', 'accounting.licenceMissing', {}, extra);
  if (status === 409) return providerError('conflict', options.conflictKey ?? 'accounting.rejected', { detail }, extra);
  if (status === 400 || status === 422) return providerError('validation', 'accounting.rejected', { detail }, extra);
  return providerError('unavailable', 'accounting.unavailable', {}, extra);
}

export interface VismaClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Downloads a link Visma handed out (temporary file URLs carry their own authorisation). */
  download(url: string): Promise<Uint8Array>;
}

/** The endpoint Visma counts a request under: the first segment of its path (`/customers/{id}` → `customers`). */
export function endpointOf(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?]/)[0]?.toLowerCase() ?? '';
}

export function createVismaClient(options: VismaClientOptions): VismaClient {
  const base = options.apiBaseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const backoff = (attempt: number) =>
    Math.min(10_000, retryBaseMs * 2 ** attempt) + Math.floor(Math.random() * Math.min(250, retryBaseMs));

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = new URL(`${base}${path}`);
    const rateKey = `${options.rateKey}:${endpointOf(path)}`;
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const retrySafe = SAFE_METHODS.has(method);
    let token = await options.auth.get();
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      await options.limiter.acquire(rateKey);
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: opts.accept ?? 'application/json',
            ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        options.logger?.warn(
          { method, path, attempt, err: error },
          timedOut ? 'visma request timed out' : 'visma request failed',
        );
        // A POST that got no answer may have been carried out: the caller looks its reference up.
        if (retrySafe && attempt < maxRetries) {
          await sleep(backoff(attempt));
          continue;
        }
        throw timedOut
          ? providerError('timeout', 'accounting.timeout', {}, { cause: error })
          : providerError('unavailable', 'accounting.unavailable', {}, { cause: error });
      }

      if (response.ok) {
        if (response.status === 204) return undefined as T;
        // Some endpoints (print) answer a document rather than JSON; callers only need the status.
        if (!(response.headers.get('content-type') ?? '').includes('json')) {
          await response.arrayBuffer();
          return undefined as T;
        }
        const text = await response.text();
        // What enters the portal from Visma is cleaned of text PostgreSQL cannot store, here once.
        return (text === '' ? undefined : storableDeep(JSON.parse(text))) as T;
      }
      const body = storableDeep(await response.json().catch(() => null)) as VismaErrorBody | null;

      if (response.status === 401) {
        if (refreshed) throw providerError('consent_revoked', 'accounting.consentRevoked', {}, { code: body?.ErrorCode });
        // Throws consent_revoked itself when the refresh grant is refused.
        token = await options.auth.refreshAfterRejection(token);
        refreshed = true;
        attempt--;
        continue;
      }
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers, body);
        // Visma did not carry out a throttled request, so even a POST is safe to repeat.
        if (attempt < maxRetries) {
          options.logger?.warn({ method, path, attempt, waitMs: wait }, 'visma rate limited');
          await sleep(wait ?? backoff(attempt));
          continue;
        }
        throw providerError('rate_limited', 'accounting.rateLimited', {}, { code: body?.ErrorCode, retryAfterMs: wait });
      }
      if (response.status >= 500) {
        options.logger?.warn({ method, path, attempt, status: response.status }, 'visma server error');
        if (retrySafe && attempt < maxRetries) {
          await sleep(backoff(attempt));
          continue;
        }
        throw providerError('unavailable', 'accounting.unavailable', {}, { code: response.status });
      }
      throw mapVismaError(response.status, body, opts);
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    async download(url) {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
          if (response.ok) return new Uint8Array(await response.arrayBuffer());
          if (response.status < 500 || attempt >= maxRetries) {
            throw response.status === 404
              ? providerError('not_found', 'accounting.documentMissing')
              : providerError('unavailable', 'accounting.unavailable', {}, { code: response.status });
          }
        } catch (error) {
          if (error instanceof AccountingError) throw error;
          if (attempt >= maxRetries) throw providerError('timeout', 'accounting.timeout', {}, { cause: error });
        }
        await sleep(backoff(attempt));
      }
    },
  };
}

/** Reads every page of a list endpoint (pages of `pageSize`, at most 1000). */
export async function fetchAll<T>(
  client: VismaClient,
  path: string,
  query: Record<string, string | number | undefined> = {},
  pageSize = 1000,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await client.get<VismaPage<T>>(path, { query: { ...query, $page: page, $pagesize: pageSize } });
    items.push(...result.Data);
    if (page >= result.Meta.TotalNumberOfPages) return items;
  }
}
