import { ALL_SCOPES, type CurrentUser } from '@fairway/shared';
import { render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, type PatchRoutesOnNavigationFunction, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { queryClient } from '../app/query-client';
import { routes as appRoutes, patchRoutesOnNavigation } from '../app/router';

/** Renders routes in a memory router inside the app's real providers. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  options: { patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path], ...options });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** The app's own routes at `path`, the dashboard's added on the way in as in the browser (app/router.tsx). */
export function renderApp(path: string) {
  return renderRoutes(appRoutes, path, { patchRoutesOnNavigation });
}

export const demoUser: CurrentUser = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
  name: 'Karin Sjöberg',
  displayName: 'Karin',
  email: 'karin.sjoberg@fairwaydemo.se',
  phone: '070-123 45 67',
  role: 'Owner',
  scopes: [...ALL_SCOPES],
  imageUrl: null,
  golfclubAdmin: true,
  organisation: { id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', name: 'Fairway Demo GK' },
  currentAccount: { id: '1a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', name: 'Fairway Demo GK' },
  clubAccounts: [
    { id: '1a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', name: 'Fairway Demo GK' },
    { id: '2a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', name: 'Fairway Demo GK Drift AB' },
  ],
};

/** Types a whole value at once (one input event) into a field of a large form: the machine may be busy. */
export async function fill(user: UserEvent, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

/**
 * A wide screen: the setup's matchMedia matches nothing, not even the empty query, which hides
 * every table column shown from a width; here every width query matches, and the reader still
 * asks for reduced motion, so Mantine's transitions (menus, dialogs) end at once. Undone by
 * `vi.unstubAllGlobals()`.
 */
export function wideScreen() {
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...matchMedia(query),
    matches: query === '' || query.includes('min-width') || /prefers-reduced-motion:\s*reduce/.test(query),
  }));
}
