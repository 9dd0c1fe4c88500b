import type { Pagination } from '@fairway/shared';
import { createElement, type ReactNode } from 'react';
import { type ApiErrorDescription, describeApiError, unauthorizedMessage } from './api-errors';
import { emitAppEvent } from './app-events';
import { notifyError } from './notify';
import { getAccessToken, getLang, getRefreshToken, setTokens } from './storage';

/** Every call goes to the versioned API on the same origin (docs/api.md#contract). */
export const API_BASE = '/api/v1/';

/** Calls that never carry the bearer token (docs/api.md#contract). Compared without leading/trailing slashes. */
export const PUBLIC_CALLS: readonly string[] = [
  'landing_page/packages',
  'landing_page/faq',
  'landing_page/dashboard_screenshots',
  'auth/password/changes',
  'auth/password/reset',
  'auth/password/update_password',
  'auth/register',
  'auth/signup',
  'auth/login',
  'auth/check_existing',
  // Also public, though added later: what a one-time link is for, and the club list of registration.
  'auth/password/token',
  'landing_page/golf_clubs',
  // The public site's forms: whoever sends them need not be signed in.
  'landing_page/contact_form',
  'landing_page/notification_signup',
];

const REFRESH_CALL = 'jwt/refresh-token';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  /** Skip the global handling (toast, access-denied modal, session-expired redirect): the caller shows the error itself. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The success envelope (docs/api.md#contract). */
export interface ApiEnvelope<T> {
  data: T;
  pagination?: Pagination;
}

export interface ApiPage<T> {
  data: T[];
  pagination: Pagination;
}

/** Any other failed call. `status` 0 means no answer arrived (network failure). */
export class ApiError extends Error {
  readonly description: ApiErrorDescription;
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const description = describeApiError(body, status, getLang());
    super(
      description.kind === 'fields'
        ? description.fields.map((f) => `${f.field}: ${f.messages.join(', ')}`).join('; ')
        : description.message,
    );
    this.name = 'ApiError';
    this.description = description;
  }

  /** The body's machine-readable `code` (e.g. `accounting.not_connected`), when the server gave one. */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  /** Field → messages when the server refused the input field by field (validation 400). */
  get fieldErrors(): Record<string, string[]> {
    return this.description.kind === 'fields'
      ? Object.fromEntries(this.description.fields.map((f) => [f.field, f.messages]))
      : {};
  }
}

/**
 * A 401 that a refresh could not save. The client handles it here, once: a call made with a
 * token raises the session-expired event (app/layouts/root-layout.tsx then sends the user to
 * /login?q=tokenExpired), and every helper throws this error, so callers and query caches never
 * hold a 401 as data. `message` is the localised text (message or eng_message by language,
 * falling back to detail: lib/api-errors.ts, unauthorizedMessage); `status` is 401.
 */
export class Unauthorized extends ApiError {
  declare readonly status: 401;
  constructor(message: string) {
    super(401, { message, eng_message: message });
    this.name = 'Unauthorized';
  }
}

export function isUnauthorized(value: unknown): value is Unauthorized {
  return value instanceof Unauthorized;
}

function normalisePath(path: string): string {
  return path.split(/[?#]/, 1)[0].replace(/^\/+|\/+$/g, '');
}

export function isPublicCall(path: string): boolean {
  return PUBLIC_CALLS.includes(normalisePath(path));
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return url + (url.includes('?') ? '&' : '?') + search;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// One refresh at a time: concurrent 401s wait for the same answer, because the refresh token
// rotates on use and presenting it twice would revoke the whole family.
let refreshInFlight: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshInFlight ??= requestNewTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function requestNewTokens(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return false;
  try {
    const response = await fetch(buildUrl(REFRESH_CALL), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': getLang() },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) return false;
    const body = (await readBody(response)) as { data?: { accessToken?: unknown; refreshToken?: unknown } } | null;
    const tokens = body?.data;
    if (typeof tokens?.accessToken !== 'string' || typeof tokens.refreshToken !== 'string') return false;
    setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    return true;
  } catch {
    return false;
  }
}

function renderFieldList(description: Extract<ApiErrorDescription, { kind: 'fields' }>): ReactNode {
  return createElement(
    'div',
    null,
    description.fields.map((f) =>
      createElement('div', { key: f.field }, createElement('strong', null, f.field), ` ${f.messages.join(', ')}`),
    ),
  );
}

/** The global handling (docs/web-app.md#errors): a red toast, or the access-denied modal for 403. */
function reportFailure(status: number, body: unknown): void {
  const description = describeApiError(body, status, getLang());
  if (description.kind === 'access-denied') {
    emitAppEvent('access-denied', { message: description.message });
  } else if (description.kind === 'fields') {
    notifyError(renderFieldList(description), description.title);
  } else {
    notifyError(description.message, description.title);
  }
}

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const isPublic = isPublicCall(path);
  const url = buildUrl(path, options.query);

  const attempt = async (): Promise<{ response: Response; token: string | null }> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLang(),
      ...options.headers,
    };
    const token = isPublic ? null : getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(url, { method, headers, body, signal: options.signal });
    return { response, token };
  };

  let first: { response: Response; token: string | null };
  try {
    first = await attempt();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    if (!options.silent) reportFailure(0, null);
    throw new ApiError(0, null);
  }

  let { response } = first;
  if (response.status === 401 && !isPublic) {
    // Another call (or tab) may already have rotated the tokens while this one was in flight.
    const current = getAccessToken();
    const renewed = current !== null && current !== first.token ? true : await refreshSession();
    if (renewed) {
      try {
        response = (await attempt()).response;
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        if (!options.silent) reportFailure(0, null);
        throw new ApiError(0, null);
      }
    }
  }

  if (response.status === 401) {
    const unauthorized = new Unauthorized(unauthorizedMessage(await readBody(response), getLang()));
    if (!isPublic && first.token && !options.silent) emitAppEvent('session-expired', { message: unauthorized.message });
    throw unauthorized;
  }

  if (!response.ok) {
    const body = await readBody(response);
    if (!options.silent) reportFailure(response.status, body);
    throw new ApiError(response.status, body);
  }

  return response;
}

/** Sends a call and returns the whole success envelope (`data` plus `pagination` for lists). */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const body = await readBody(await send(method, path, options));
  if (typeof body === 'object' && body !== null && 'data' in body) return body as ApiEnvelope<T>;
  // 204 and bodies without an envelope: nothing to hand back.
  return { data: undefined as T };
}

async function dataOf<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  return (await request<T>(method, path, options)).data;
}

type BodylessOptions = Omit<RequestOptions, 'body'>;

/**
 * The one API client (docs/web-app.md#api-client: components never call fetch). Each helper returns the
 * `data` of the envelope. A 401 that a refresh could not save is thrown as `Unauthorized`; other
 * failures are shown globally (unless `silent`) and thrown as `ApiError`.
 */
export const api = {
  get<T>(path: string, options: BodylessOptions = {}): Promise<T> {
    return dataOf<T>('GET', path, options);
  },
  /** A paginated list: `data` plus `pagination`. */
  async list<T>(path: string, options: BodylessOptions = {}): Promise<ApiPage<T>> {
    const result = await request<T[]>('GET', path, options);
    return {
      data: result.data ?? [],
      pagination: result.pagination ?? { page: 1, pageSize: result.data?.length ?? 0, total: result.data?.length ?? 0 },
    };
  },
  post<T>(path: string, body?: unknown, options: BodylessOptions = {}): Promise<T> {
    return dataOf<T>('POST', path, { ...options, body });
  },
  put<T>(path: string, body?: unknown, options: BodylessOptions = {}): Promise<T> {
    return dataOf<T>('PUT', path, { ...options, body });
  },
  patch<T>(path: string, body?: unknown, options: BodylessOptions = {}): Promise<T> {
    return dataOf<T>('PATCH', path, { ...options, body });
  },
  delete<T = void>(path: string, options: BodylessOptions = {}): Promise<T> {
    return dataOf<T>('DELETE', path, options);
  },
  /** Multipart upload; the browser sets the boundary, so no Content-Type is given. */
  upload<T>(path: string, form: FormData, options: BodylessOptions & { method?: 'POST' | 'PUT' } = {}): Promise<T> {
    const { method = 'POST', ...rest } = options;
    return dataOf<T>(method, path, { ...rest, body: form });
  },
  /** A file answer (e.g. a billing PDF). */
  async download(path: string, options: BodylessOptions = {}): Promise<Blob> {
    const response = await send('GET', path, { ...options, headers: { Accept: '*/*', ...options.headers } });
    return response.blob();
  },
};
