import { type RenderResult, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** A fetch stand-in answering by "METHOD path" (path below /api/v1/, without query). */
export function stubApi(routes: Record<string, FakeResponse | ((init: RequestInit | undefined) => FakeResponse)>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '').replace(/\/$/, '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[`${method} ${path}`];
    const answer =
      typeof route === 'function'
        ? route(init)
        : (route ?? { status: 404, body: { message: 'Hittades inte', eng_message: 'Not found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
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
