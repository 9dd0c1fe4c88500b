import type { RoleDefinition } from '@fairway/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { demoUser } from '../../../test/render';
import { RolesTab } from './roles-tab';

const user = userEvent.setup();
vi.setConfig({ testTimeout: 20_000 });

const own: RoleDefinition = {
  id: '00000000-0000-4000-8000-000000000021',
  name: 'Golfkansli',
  system: false,
  scopes: ['members.read'],
  rules: { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: false },
  userCount: 0,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  await setLanguage('sv');
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'DELETE') return json(409, { message: 'Rollen används fortfarande', eng_message: 'In use' });
      if (path === '/api/v1/permissions/roles') return json(200, { data: [own] });
      return json(404, { message: 'Hittades inte', eng_message: 'Not found' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('roles tab', () => {
  it('says a refused removal in the confirmation dialog, which stays open', async () => {
    const router = createMemoryRouter([{ path: '/', element: <RolesTab viewer={demoUser} /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Åtgärder för Golfkansli' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ta bort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort roll' });
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort rollen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Rollen används fortfarande');
  });
});
