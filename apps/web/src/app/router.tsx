import { CHUNK_LOAD_TIMEOUT_MS } from '@fairway/shared/constants';
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject, redirect } from 'react-router';
import { RouteErrorScreen } from '../components/route-error-screen';
import { lazyPage, withTimeout } from '../lib/lazy-route';
import { RootLayout } from './layouts/root-layout';
import { redirectIfLoggedIn } from './session/guard';

const providerConnectionPage = lazyPage(() => import('../features/integrations/pages/provider-connection-page'));

/**
 * The routes a visitor starts with (docs/web-app.md#routes): the public pages, in the `full-first`
 * (landing) and `full` layouts. The dashboard's (app/dashboard-routes.tsx) join them on the first
 * navigation into /dashboard (`patchRoutesOnNavigation` below). Pages are loaded on demand.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // index.html shows its own loading screen until the first route has rendered.
    HydrateFallback: () => null,
    children: [
      {
        lazy: lazyPage(() => import('./layouts/full-first-layout')),
        children: [
          { index: true, lazy: lazyPage(() => import('../features/landing/pages/landing-home-page')) },
          { path: 'functions', lazy: lazyPage(() => import('../features/landing/pages/functions-page')) },
          { path: 'price', lazy: lazyPage(() => import('../features/landing/pages/price-page')) },
          { path: 'faq', lazy: lazyPage(() => import('../features/landing/pages/faq-page')) },
          { path: 'blog', lazy: lazyPage(() => import('../features/landing/pages/blog-page')) },
          { path: 'blog-details/:id/:slug', lazy: lazyPage(() => import('../features/landing/pages/blog-post-page')) },
        ],
      },
      {
        lazy: lazyPage(() => import('./layouts/full-layout')),
        children: [
          { path: 'contact-us', lazy: lazyPage(() => import('../features/landing/pages/contact-us-page')) },
          // The accounting-program connection pages, named after their providers (docs/accounting.md#connections).
          { path: 'fortnox', lazy: providerConnectionPage, handle: { connectionProvider: 'fortnox' } },
          { path: 'visma', lazy: providerConnectionPage, handle: { connectionProvider: 'visma_eekonomi' } },
          { path: 'error-404', lazy: lazyPage(() => import('./pages/not-found-page')) },
          {
            loader: redirectIfLoggedIn,
            children: [
              { path: 'login', lazy: lazyPage(() => import('../features/auth/pages/login-page')) },
              { path: 'register', lazy: lazyPage(() => import('../features/auth/pages/register-page')) },
              { path: 'forgot-password', lazy: lazyPage(() => import('../features/auth/pages/forgot-password-page')) },
              { path: 'reset-password', lazy: lazyPage(() => import('../features/auth/pages/reset-password-page')) },
              { path: 'complete-profile', lazy: lazyPage(() => import('../features/auth/pages/complete-profile-page')) },
            ],
          },
        ],
      },
      { path: '*', loader: () => redirect('/error-404') },
    ],
  },
];

/** Like the router's matching, case-insensitive: /Dashboard is the dashboard too. */
const DASHBOARD_PATH = /^\/dashboard(\/|$)/i;

/**
 * Adds the dashboard's routes under the root on the first navigation into /dashboard (React
 * Router asks whenever a path matches nothing but the catch-all `*`; a second patch of the same
 * route is ignored). Any other unknown path stays with `*` and its 404 page.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!DASHBOARD_PATH.test(path)) return;
  const { dashboardRoute } = await withTimeout(import('./dashboard-routes'), CHUNK_LOAD_TIMEOUT_MS);
  patch('root', [dashboardRoute]);
};

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation });
}
