import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setStoredUser, setTokens } from '../../lib/storage';
import { answerRoutes, type CannedAnswer } from '../../test/api';
import { demoUser } from '../../test/render';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import AccountSettingsPage from './account-settings-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const stubApi = (answers: Record<string, (body: unknown) => CannedAnswer>) => answerRoutes(answers);

function renderPage() {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(demoUser);
  const router = createMemoryRouter([{ path: '/dashboard/prototype', Component: AccountSettingsPage }], {
    initialEntries: ['/dashboard/prototype'],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('account settings page', () => {
  it('saves the profile through PUT users/{id}', async () => {
    const calls = stubApi({
      [`PUT users/${demoUser.id}`]: () => ({ body: { data: {} } }),
      'GET users/me': () => ({ body: { data: { ...demoUser, displayName: 'Kajsa' } } }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontoinställningar' })).toBeInTheDocument();
    const displayName = screen.getByRole('textbox', { name: /Visningsnamn/ });
    await user.clear(displayName);
    await user.type(displayName, 'Kajsa');
    await user.click(screen.getByRole('button', { name: 'Spara profil' }));
    expect(await screen.findByText('Profilen har sparats')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: demoUser.name,
      displayName: 'Kajsa',
      phone: demoUser.phone,
    });
  });

  it('refuses an image of the wrong type or size before uploading', async () => {
    const calls = stubApi({});
    renderPage();
    const input = (await screen.findByLabelText('Välj eller dra hit en profilbild', { selector: 'input' })) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hej'], 'notes.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Bilden måste vara PNG, JPEG eller WebP')).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Bilden får vara högst 2 MB')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('checks the password rule live and confirms a changed password', async () => {
    const calls = stubApi({ 'POST auth/password/change': () => ({ body: { data: { success: true } } }) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Kontoinställningar' });
    await user.type(screen.getByLabelText(/^Nuvarande lösenord/), 'Gammalt!1');
    await user.type(screen.getByLabelText(/^Nytt lösenord/), 'Golf-2026!x');
    expect(screen.getByText('minst 8 tecken').closest('li')).toHaveAttribute('data-met', 'true');
    await user.type(screen.getByLabelText(/^Bekräfta nytt lösenord/), 'Golf-2026!y');
    await user.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(await screen.findByText('Lösenorden matchar inte')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    const confirm = screen.getByLabelText(/^Bekräfta nytt lösenord/);
    await user.clear(confirm);
    await user.type(confirm, 'Golf-2026!x');
    await user.click(screen.getByRole('button', { name: 'Byt lösenord' }));
    expect(await screen.findByText('Lösenordet har bytts')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: 'auth/password/change' });
  });

  it('hides a page from the menu through PUT hidden_resources', async () => {
    const calls = stubApi({
      'GET hidden_resources': () => ({ body: { data: { resourceIds: [] } } }),
      'PUT hidden_resources': (body) => ({ body: { data: body } }),
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Visa Statistik i menyn' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Menyn har uppdaterats')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ resourceIds: ['nav:statistics'] });
    expect(localStorage.getItem('hiddenResource')).toBe('nav:statistics');
    expect(screen.getByRole('switch', { name: 'Visa Statistik i menyn' })).not.toBeChecked();
  });
});
