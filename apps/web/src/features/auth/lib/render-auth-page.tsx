import { type RenderResult, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, refuse, reply } from '../../../test/api';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/**
 * The auth pages' server, on the shared mock API (test/api.ts): answers by "METHOD path" (path
 * below /api/v1/), anything else with 404. Returns the calls made, with their JSON bodies.
 */
export function stubApi(routes: Record<string, FakeResponse | ((init: { body: unknown }) => FakeResponse)>) {
  const answer = ({ status, body }: FakeResponse) => reply(status ?? 200, body);
  const calls = mockApi({
    ...Object.fromEntries(
      Object.entries(routes).map(([key, route]) => [
        key,
        ({ body }: { body: unknown }) => answer(typeof route === 'function' ? route({ body }) : route),
      ]),
    ),
    'ALL *': () => refuse(404, 'Hittades inte', 'Not found'),
  });
  return { calls };
}

/** Renders a page at `path` inside the app's providers, with a stand-in dashboard to land on. */
export function renderAuthPage(Page: ComponentType, path: string, routePath = path.split('?')[0]): RenderResult {
  const router = createMemoryRouter(
    [
      { path: routePath, Component: Page },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/login', element: <h1>Login</h1> },
      { path: '/forgot-password', element: <h1>Forgot</h1> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
