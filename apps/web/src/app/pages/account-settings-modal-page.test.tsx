import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setStoredUser, setTokens } from '../../lib/storage';
import { answerRoutes } from '../../test/api';
import { demoUser } from '../../test/render';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import AccountSettingsModalPage from './account-settings-modal-page';
import AccountSettingsPage from './account-settings-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

function renderAt(path: string) {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(demoUser);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/prototype', Component: AccountSettingsPage },
      { path: '/dashboard/PrototypeModal1', Component: AccountSettingsModalPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(async () => {
  await setLanguage('sv');
});

describe('the account settings dialog (/dashboard/PrototypeModal1)', () => {
  it('opens from the account settings page, saves the profile in the dialog and closes with Escape', async () => {
    const calls = answerRoutes({
      [`PUT users/${demoUser.id}`]: () => ({ body: { data: {} } }),
      'GET users/me': () => ({ body: { data: { ...demoUser, displayName: 'Kajsa' } } }),
    });
    const router = renderAt('/dashboard/prototype');
    await user.click(await screen.findByRole('link', { name: 'Redigera i en dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera din profil' });
    expect(router.state.location.pathname).toBe('/dashboard/PrototypeModal1');
    // The focus is in the dialog, and its form is reached by keyboard alone.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const displayName = within(dialog).getByRole('textbox', { name: /Visningsnamn/ });
    await user.clear(displayName);
    await user.type(displayName, 'Kajsa');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Profilen har sparats')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: demoUser.name,
      displayName: 'Kajsa',
      phone: demoUser.phone,
    });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/prototype'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Kontoinställningar' })).toBeInTheDocument();
  });

  it('opens at its own address in English, named, with a named close button back to the page', async () => {
    await setLanguage('en');
    answerRoutes({});
    const router = renderAt('/dashboard/PrototypeModal1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit your profile' });
    expect(within(dialog).getByText(/Close the dialog to return to the account settings/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Choose or drop a profile image', { selector: 'input' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'All account settings' }).getAttribute('href')).toBe('/dashboard/prototype');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/prototype'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
