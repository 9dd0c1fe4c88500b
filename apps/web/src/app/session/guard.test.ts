import { waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../lib/current-user';
import { setStoredUser, setTokens } from '../../lib/storage';
import { type ApiCall, mockApi, reply } from '../../test/api';
import { allRoutes } from '../../test/app-routes';
import { demoUser } from '../../test/render';
import { queryClient } from '../query-client';
import { patchRoutesOnNavigation, routes } from '../router';

const expired = { message: 'Sessionen har gått ut', eng_message: 'Session expired', detail: 'token_expired' };

let calls: ApiCall[] = [];

/** The server answers every call with `answer`; the calls made are kept in `calls`. */
function serve(answer: () => Response | unknown) {
  calls = mockApi({ 'ALL *': answer });
}

const meCalls = () => calls.filter((c) => c.path === 'users/me').length;
const paths = () => calls.map((c) => c.url.pathname);

async function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  await waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  });
  return router;
}

const where = (router: Awaited<ReturnType<typeof open>>) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  serve(() => demoUser);
});

afterEach(() => {
  queryClient.clear();
});

describe('navigation guard', () => {
  it('sends a visitor with neither user data nor token to /login', async () => {
    const router = await open('/dashboard/acounting/invoices');
    expect(where(router)).toBe('/login');
    expect(calls).toEqual([]);
  });

  it('fetches users/me with a token and stores the answer as the current user', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const router = await open('/dashboard');
    expect(where(router)).toBe('/dashboard');
    expect(meCalls()).toBe(1);
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(demoUser);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(demoUser);
  });

  it('on a 401 from users/me goes to /login?q=tokenExpired and clears the three keys', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    setStoredUser(demoUser);
    localStorage.setItem('lang', 'en');
    serve(() => reply(401, expired));
    const router = await open('/dashboard/help/faq');
    expect(where(router)).toBe('/login?q=tokenExpired');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    // Not part of the session: the language choice stays.
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('tries the refresh token once before giving up', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    serve(() => reply(401, expired));
    await open('/dashboard');
    expect(paths()).toEqual(['/api/v1/users/me', '/api/v1/jwt/refresh-token']);
  });

  it('lets stored user data in without a token and without asking users/me', async () => {
    setStoredUser(demoUser);
    const router = await open('/dashboard');
    expect(where(router)).toBe('/dashboard');
    expect(meCalls()).toBe(0);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(demoUser);
  });

  it('checks the account again on every dashboard navigation', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const router = await open('/dashboard');
    await router.navigate('/dashboard/help/support');
    await router.navigate('/dashboard/configuration/users?tab=roles');
    expect(meCalls()).toBe(3);
  });

  it.each(['/forgot-password', '/reset-password?token=abc', '/complete-profile?token=abc', '/login', '/register'])(
    'sends a logged-in user from %s to /dashboard',
    async (path) => {
      setTokens({ accessToken: 'access', refreshToken: 'refresh' });
      const router = await open(path);
      expect(where(router)).toBe('/dashboard');
    },
  );

  it.each(['/forgot-password?q=again', '/reset-password?q=1&token=abc', '/login?q=tokenExpired'])(
    'keeps a logged-in user on %s because of the q query',
    async (path) => {
      setTokens({ accessToken: 'access', refreshToken: 'refresh' });
      const router = await open(path);
      expect(where(router)).toBe(path);
    },
  );

  it('lets a visitor open the auth pages', async () => {
    const router = await open('/forgot-password');
    expect(where(router)).toBe('/forgot-password');
  });
});

describe('route table', () => {
  const dashboardIn = (router: Awaited<ReturnType<typeof open>>) =>
    router.routes.some((route) => route.children?.some((child) => child.path === 'dashboard'));

  it('starts with the public routes only and adds the dashboard on the first navigation into it, once', async () => {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const router = await open('/price');
    expect(dashboardIn(router)).toBe(false);
    await router.navigate('/Dashboard/acounting/article');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(where(router)).toBe('/Dashboard/acounting/article');
    expect(router.state.matches.at(-1)?.route.path).toBe('acounting/article');
    await router.navigate('/dashboard/no-such-page');
    await waitFor(() => expect(where(router)).toBe('/error-404'));
    const root = router.routes.find((route) => route.id === 'root');
    expect(root?.children?.filter((child) => child.path === 'dashboard')).toHaveLength(1);
  });

  it.each(['/no-such-page', '/dashboard/no-such-page', '/dashboard/acounting/nothing/here'])(
    'redirects the unknown path %s to /error-404',
    async (path) => {
      setTokens({ accessToken: 'access', refreshToken: 'refresh' });
      const router = await open(path);
      expect(where(router)).toBe('/error-404');
    },
  );

  const specPaths = [
    '/',
    '/blog',
    '/blog-details/12/ny-sasong',
    '/contact-us',
    '/functions',
    '/faq',
    '/price',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/complete-profile',
    '/fortnox',
    '/error-404',
    '/dashboard',
    '/dashboard/customer-care',
    '/dashboard/settings',
    '/dashboard/prototype',
    '/dashboard/faq',
    '/dashboard/event-log',
    '/dashboard/PrototypeModal1',
    '/dashboard/duplicates',
    '/dashboard/duplicates/invoice',
    '/dashboard/duplicates/detail/42',
    '/dashboard/acounting/article',
    '/dashboard/acounting/article/create',
    '/dashboard/acounting/article/edit/7',
    '/dashboard/acounting/article/segment/create',
    '/dashboard/acounting/article/segment/edit/7',
    '/dashboard/acounting/contracts',
    '/dashboard/acounting/contracts/create',
    '/dashboard/acounting/contracts/edit/7',
    '/dashboard/acounting/invoices',
    '/dashboard/acounting/invoices/create',
    '/dashboard/acounting/invoices/edit/7',
    '/dashboard/acounting/customers',
    '/dashboard/acounting/customers/create',
    '/dashboard/acounting/customers/edit/7',
    '/dashboard/acounting/customers/segment/create',
    '/dashboard/acounting/customers/segment/edit/7',
    '/dashboard/acounting/statistics',
    '/dashboard/golfrelated/members',
    '/dashboard/golfrelated/member-categories',
    '/dashboard/golfrelated/members/detail/5b0e8a9c-1111-4222-8333-944455556666',
    '/dashboard/golfrelated/create-member',
    '/dashboard/golfrelated/exports',
    '/dashboard/golfrelated/invoice-payment',
    '/dashboard/golfrelated/receipts',
    '/dashboard/golfrelated/fees',
    '/dashboard/golfrelated/git',
    '/dashboard/golfrelated/git/invoice-occasions/991',
    '/dashboard/configuration/integrations',
    '/dashboard/configuration/settings',
    '/dashboard/configuration/eventLog',
    '/dashboard/configuration/users',
    '/dashboard/help/faq',
    '/dashboard/help/support',
    '/dashboard/help/video-guides',
    '/dashboard/membercare/email-sendouts',
    '/dashboard/membercare/edit-email-template/5b0e8a9c-1111-4222-8333-944455556666',
    '/dashboard/membercare/email-templates/',
    '/dashboard/membercare/create-email-template',
    '/dashboard/membercare/sms-sendouts',
    '/dashboard/membercare/sms-plans',
  ];

  it.each(specPaths)('registers %s', (path) => {
    const matches = matchRoutes(allRoutes, path);
    expect(matches).not.toBeNull();
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });
});
