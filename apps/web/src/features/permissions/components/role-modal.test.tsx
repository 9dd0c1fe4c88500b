import { type CurrentUser, DEFAULT_ROLE_SCOPES, SCOPES } from '@fairway/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { mockApi, ok } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { RoleModal, type RoleModalState } from './role-modal';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

/** The server saves any role it is sent and gives it an id. Returns the calls made. */
function stubFetch() {
  return mockApi({
    'POST permissions/roles': ({ body }) =>
      ok({ ...(body as object), id: '00000000-0000-4000-8000-000000000001' }, { status: 201 }),
  });
}

function renderModal(state: RoleModalState, viewer: CurrentUser = demoUser, onClose = vi.fn()) {
  const router = createMemoryRouter([{ path: '/', element: <RoleModal state={state} onClose={onClose} viewer={viewer} /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return onClose;
}

describe('role modal', () => {
  it('creates a role from a name, a whole category and a rule toggle', async () => {
    const calls = stubFetch();
    const onClose = renderModal({ mode: 'create' });
    await user.type(await screen.findByRole('textbox', { name: /^Namn/ }), 'Golfkansli');
    await user.click(screen.getByRole('checkbox', { name: 'Välj alla i Golfrelaterat' }));
    await user.click(screen.getByRole('checkbox', { name: 'Se fakturor' }));
    await user.click(screen.getByRole('switch', { name: 'Se och ändra bara kunder som teamet skapat' }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST').map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: 'permissions/roles',
        body: {
          name: 'Golfkansli',
          scopes: ['invoices.read', ...SCOPES.golf_related],
          rules: { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: true },
        },
      },
    ]);
  });

  it('asks for a name and at least one scope before sending anything', async () => {
    const calls = stubFetch();
    renderModal({ mode: 'create' });
    await user.click(await screen.findByRole('button', { name: 'Spara' }));
    expect(await screen.findAllByText('Detta fält är obligatoriskt')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('lets a non-owner tick only the scopes they hold', async () => {
    stubFetch();
    renderModal({ mode: 'create' }, { ...demoUser, role: 'Manager', scopes: [...DEFAULT_ROLE_SCOPES.Manager] });
    expect(await screen.findByRole('checkbox', { name: 'Hantera roller' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Hantera abonnemang' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Se användare' })).toBeEnabled();
  });

  it('shows a default role read-only', async () => {
    stubFetch();
    renderModal({
      mode: 'view',
      role: {
        id: '00000000-0000-4000-8000-000000000009',
        name: 'Accountant',
        system: true,
        scopes: [...DEFAULT_ROLE_SCOPES.Accountant],
        rules: { onlyTeamDocuments: false, onlyTeamContracts: false, onlyTeamOffers: false, onlyTeamCustomers: false },
        userCount: 2,
      },
    });
    expect(await screen.findByRole('checkbox', { name: 'Se fakturor' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Se fakturor' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Namn/ })).toBeNull();
  });
});
