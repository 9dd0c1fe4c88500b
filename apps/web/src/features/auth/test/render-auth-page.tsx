import { type RenderResult, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { answerRoutes, type CannedAnswer } from '../../../test/api';

export type FakeResponse = CannedAnswer;

/** The auth pages' server (test/api.ts): canned answers by "METHOD path", 404 for anything else. */
export function stubApi(routes: Record<string, FakeResponse | ((init: { body: unknown }) => FakeResponse)>) {
  const calls = answerRoutes(
    Object.fromEntries(
      Object.entries(routes).map(([key, route]) => [
        key,
        typeof route === 'function' ? (body: unknown) => route({ body }) : route,
      ]),
    ),
  );
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
