import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, isPublicCall, isUnauthorized, Unauthorized } from './api-client';
import { onAppEvent } from './app-events';
import { notifyError } from './notify';
import { getAccessToken, getRefreshToken, setItem, setTokens } from './storage';

vi.mock('./notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const expired = { message: 'Din session har gått ut', eng_message: 'Your session has expired', detail: 'token_expired' };

// This file tests the one module that calls fetch (docs/web-app.md#api-client), so it stubs fetch
// itself rather than answering through the mock API (test/api.ts): what it checks is how the
// client calls fetch — the exact URL, the init's headers and body (no Content-Type of its own for
// FormData), one refresh shared by concurrent calls, a fetch that throws (network failure). Every
// other web test answers through the mock API.
let fetchMock: ReturnType<typeof vi.fn<Handler>>;

function useFetch(handler: Handler) {
  fetchMock = vi.fn<Handler>(handler);
  vi.stubGlobal('fetch', fetchMock);
}

function header(call: number, name: string): string | undefined {
  const headers = fetchMock.mock.calls[call][1].headers as Record<string, string>;
  return headers[name];
}

function urls(): string[] {
  return fetchMock.mock.calls.map(([url]) => url);
}

beforeEach(() => {
  vi.mocked(notifyError).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request basics', () => {
  it('calls /api/v1/, sends the stored language and returns the envelope data', async () => {
    setItem('lang', 'en');
    useFetch(() => json(200, { data: { id: 1 } }));
    await expect(api.get('users/me')).resolves.toEqual({ id: 1 });
    expect(urls()).toEqual(['/api/v1/users/me']);
    expect(header(0, 'Accept-Language')).toBe('en');
  });

  it('sends Swedish when no language is stored', async () => {
    useFetch(() => json(200, { data: null }));
    await api.get('company');
    expect(header(0, 'Accept-Language')).toBe('sv');
  });

  it('adds query parameters and JSON bodies', async () => {
    useFetch(() => json(201, { data: { ok: true } }));
    await api.post('organizations/', { name: 'Klubben' }, { query: { page: 2, search: 'golf', empty: undefined } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/organizations/?page=2&search=golf');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'Klubben' }));
    expect(header(0, 'Content-Type')).toBe('application/json');
  });

  it('returns data and pagination for lists', async () => {
    useFetch(() => json(200, { data: [{ id: 'a' }], pagination: { page: 1, pageSize: 25, total: 1 } }));
    await expect(api.list('users')).resolves.toEqual({
      data: [{ id: 'a' }],
      pagination: { page: 1, pageSize: 25, total: 1 },
    });
  });

  it('uploads FormData without forcing a content type', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    useFetch(() => json(200, { data: { imageUrl: '/x.png' } }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    await expect(api.upload('users/image', form, { method: 'PUT' })).resolves.toEqual({ imageUrl: '/x.png' });
    expect(fetchMock.mock.calls[0][1].method).toBe('PUT');
    expect(fetchMock.mock.calls[0][1].body).toBe(form);
    expect(header(0, 'Content-Type')).toBeUndefined();
  });
});

describe('bearer token', () => {
  beforeEach(() => setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }));

  it('is sent on ordinary calls', async () => {
    useFetch(() => json(200, { data: {} }));
    await api.get('users/me');
    expect(header(0, 'Authorization')).toBe('Bearer access-1');
  });

  it.each([
    'landing_page/packages',
    'landing_page/faq',
    'landing_page/dashboard_screenshots',
    'auth/password/changes',
    'auth/password/reset',
    'auth/password/update_password',
    'auth/register',
    'auth/signup',
    '/auth/signup/',
    'auth/login',
    '/auth/check_existing/',
  ])('is not sent on the public call %s', async (path) => {
    useFetch(() => json(200, { data: {} }));
    await api.post(path, {});
    expect(header(0, 'Authorization')).toBeUndefined();
  });

  it('compares public calls without slashes or query', () => {
    expect(isPublicCall('/landing_page/packages/?brand=fairway')).toBe(true);
    expect(isPublicCall('auth/password/change')).toBe(false);
    expect(isPublicCall('landing_page/blog')).toBe(false);
  });

  it('is not sent when none is stored', async () => {
    localStorage.clear();
    useFetch(() => json(200, { data: {} }));
    await api.get('users/me');
    expect(header(0, 'Authorization')).toBeUndefined();
  });
});

describe('401 handling', () => {
  beforeEach(() => setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' }));

  it('refreshes once with the stored refresh token, stores the new pair and retries', async () => {
    useFetch((url, init) => {
      if (url.endsWith('jwt/refresh-token')) {
        return json(200, { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { data: { id: 'me' } }) : json(401, expired);
    });

    await expect(api.get('users/me')).resolves.toEqual({ id: 'me' });
    expect(urls()).toEqual(['/api/v1/users/me', '/api/v1/jwt/refresh-token', '/api/v1/users/me']);
    const refreshCall = fetchMock.mock.calls[1][1];
    expect(refreshCall.method).toBe('POST');
    expect(JSON.parse(refreshCall.body as string)).toEqual({ refreshToken: 'old-refresh' });
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
  });

  it('shares one refresh between concurrent calls', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    useFetch(async (url, init) => {
      if (url.endsWith('jwt/refresh-token')) {
        await gate;
        return json(200, { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { data: url }) : json(401, expired);
    });

    const calls = Promise.all([api.get('users/me'), api.get('company'), api.get('users')]);
    await vi.waitFor(() => expect(urls().filter((u) => u.endsWith('refresh-token'))).toHaveLength(1));
    release();
    await expect(calls).resolves.toEqual(['/api/v1/users/me', '/api/v1/company', '/api/v1/users']);
    expect(urls().filter((u) => u.endsWith('refresh-token'))).toHaveLength(1);
  });

  it('retries only once: a second 401 is thrown as Unauthorized', async () => {
    useFetch((url) =>
      url.endsWith('jwt/refresh-token')
        ? json(200, { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } })
        : json(401, expired),
    );
    const error = await api.get('users/me').catch((e: unknown) => e);
    expect(isUnauthorized(error)).toBe(true);
    expect(urls()).toEqual(['/api/v1/users/me', '/api/v1/jwt/refresh-token', '/api/v1/users/me']);
  });

  it('throws status 401 with the Swedish message when the refresh fails, without a toast', async () => {
    setItem('lang', 'sv');
    useFetch((url) => (url.endsWith('jwt/refresh-token') ? json(401, expired) : json(401, expired)));
    const error = await api.get('users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Unauthorized);
    // Still an ApiError, so every `instanceof ApiError` check (query retries, form errors) sees it.
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Din session har gått ut' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('throws the English message when the stored language is en', async () => {
    setItem('lang', 'en');
    useFetch(() => json(401, expired));
    await expect(api.get('users/me')).rejects.toMatchObject({ status: 401, message: 'Your session has expired' });
  });

  it('falls back to detail', async () => {
    setItem('lang', 'en');
    useFetch(() => json(401, { message: 'Utgången', detail: 'Token expired' }));
    await expect(api.get('users/me')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
  });

  it('does not try to refresh without a refresh token', async () => {
    localStorage.removeItem('refreshToken');
    useFetch(() => json(401, expired));
    await expect(api.get('users/me')).rejects.toMatchObject({ status: 401 });
    expect(urls()).toEqual(['/api/v1/users/me']);
  });

  it('reports the end of the session unless the call is silent', async () => {
    useFetch(() => json(401, expired));
    const expiredEvents: string[] = [];
    const stop = onAppEvent('session-expired', ({ message }) => expiredEvents.push(message));
    await expect(api.get('users/me', { silent: true })).rejects.toBeInstanceOf(Unauthorized);
    expect(expiredEvents).toEqual([]);
    await expect(api.get('users/me')).rejects.toBeInstanceOf(Unauthorized);
    expect(expiredEvents).toEqual(['Din session har gått ut']);
    expect(notifyError).not.toHaveBeenCalled();
    stop();
  });

  it('throws a 401 on a public call (wrong password) without refreshing or ending a session', async () => {
    setItem('lang', 'en');
    useFetch(() => json(401, { message: 'Fel e-post eller lösenord', eng_message: 'Wrong e-mail or password' }));
    const expiredEvents: string[] = [];
    const stop = onAppEvent('session-expired', ({ message }) => expiredEvents.push(message));
    await expect(api.post('auth/login', { email: 'a@b.se', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Wrong e-mail or password',
    });
    stop();
    expect(urls()).toEqual(['/api/v1/auth/login']);
    expect(expiredEvents).toEqual([]);
  });
});

describe('other failures', () => {
  it('raises the access-denied event on 403 and throws', async () => {
    setItem('lang', 'en');
    useFetch(() => json(403, { message: 'Du saknar behörighet', eng_message: 'You lack the invoices.write scope' }));
    const denied: string[] = [];
    const stop = onAppEvent('access-denied', ({ message }) => denied.push(message));
    const error = await api.put('invoices/1', {}).catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(denied).toEqual(['You lack the invoices.write scope']);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows a red toast for a refusal and throws ApiError with the body', async () => {
    const body = { message: 'Paketet är redan begärt', eng_message: 'Already requested', error: 'Redan begärt' };
    useFetch(() => json(406, body));
    const error = (await api.put('subscriptions/update_package/1/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(406);
    expect(error.body).toEqual(body);
    expect(notifyError).toHaveBeenCalledWith('Redan begärt', 'Misslyckat');
  });

  it('exposes field errors of a validation 400', async () => {
    useFetch(() => json(400, { message: 'Ogiltig', eng_message: 'Invalid', error: { email: ['Ogiltig e-post'] } }));
    const error = (await api.post('users/invite', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ email: ['Ogiltig e-post'] });
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the caller asks for silence', async () => {
    useFetch(() => json(400, { message: 'Ogiltig', eng_message: 'Invalid', error: 'Nej' }));
    await expect(api.post('users/invite', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError 0 with "Action could not be perform"', async () => {
    setItem('lang', 'en');
    useFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await api.get('company').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(notifyError).toHaveBeenCalledWith('Action could not be perform', 'Failed');
  });

  it('shows "Action could not be perform" for a server error', async () => {
    setItem('lang', 'en');
    useFetch(() => json(500, { message: 'Internt serverfel', eng_message: 'Internal server error' }));
    await expect(api.get('company')).rejects.toMatchObject({ status: 500 });
    expect(notifyError).toHaveBeenCalledWith('Action could not be perform', 'Failed');
  });
});
