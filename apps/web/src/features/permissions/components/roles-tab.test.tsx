import type { RoleDefinition } from '@fairway/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, refuse } from '../../../test/api';
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

beforeEach(async () => {
  await setLanguage('sv');
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  // The club has one role of its own, still given to someone: the server refuses every removal.
  mockApi({
    'DELETE *': () => refuse(409, 'Rollen används fortfarande', 'In use'),
    'GET permissions/roles': () => [own],
    'ALL *': () => refuse(404, 'Hittades inte', 'Not found'),
  });
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
    // jsdom has no layout, so floating-ui may hide the open dropdown as detached from its button.
    await user.click(await screen.findByRole('menuitem', { name: 'Ta bort', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort roll' });
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort rollen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Rollen används fortfarande');
  });
});
