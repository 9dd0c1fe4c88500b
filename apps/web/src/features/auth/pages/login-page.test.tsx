import { STORAGE_KEYS } from '@fairway/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderAuthPage, stubApi } from '../test/render-auth-page';
import LoginPage from './login-page';

const session = {
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 900,
  user: {
    id: '6c1f3f1e-9a53-4f62-8a77-1f0a3c1b2d4e',
    name: 'Olle Ägare',
    displayName: null,
    email: 'owner@demo.fairway.se',
    phone: null,
    role: 'Owner',
    scopes: [],
    imageUrl: null,
    golfclubAdmin: true,
    organisation: { id: '0d7a6f86-3f6e-4b0f-9c59-3a5d4c2f1b10', name: 'Fairway Demo GK' },
    currentAccount: null,
    clubAccounts: [],
  },
};

// Typing is the slow part under jsdom; no delay between keystrokes keeps the suite quick.
const user = userEvent.setup({ delay: null });

// Mantine under jsdom renders slowly on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  await setLanguage('sv');
});

describe('login page', () => {
  it('says in Swedish that both fields are required', async () => {
    const { calls } = stubApi({});
    renderAuthPage(LoginPage, '/login');
    await user.click(await screen.findByRole('button', { name: 'Logga in' }));
    expect(await screen.findAllByText('Detta fält är obligatoriskt')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('says in English that both fields are required and names a malformed address', async () => {
    await setLanguage('en');
    stubApi({});
    renderAuthPage(LoginPage, '/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    await user.type(screen.getByLabelText(/Email address/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The email field must be a valid email')).toBeInTheDocument();
  });

  it('names a malformed address in Swedish', async () => {
    stubApi({});
    renderAuthPage(LoginPage, '/login');
    await user.type(await screen.findByLabelText(/E-postadress/), 'fel@');
    await user.type(screen.getByLabelText(/^Lösenord/), 'x');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Fältet e-postadress måste vara en giltig e-postadress')).toBeInTheDocument();
  });

  it('shows the server’s refusal of wrong credentials in an alert', async () => {
    stubApi({
      'POST auth/login': {
        status: 400,
        body: {
          message: 'Felaktig e-postadress eller lösenord',
          eng_message: 'Incorrect e-mail or password',
          error: 'Felaktig e-postadress eller lösenord',
        },
      },
    });
    renderAuthPage(LoginPage, '/login');
    await user.type(await screen.findByLabelText(/E-postadress/), 'owner@demo.fairway.se');
    await user.type(screen.getByLabelText(/^Lösenord/), 'Wrong-pass1!');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Felaktig e-postadress eller lösenord');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('shows the throttling message after a 429', async () => {
    stubApi({
      'POST auth/login': {
        status: 429,
        body: {
          message: 'För många misslyckade inloggningsförsök. Försök igen om 15 minuter',
          eng_message: 'Too many failed sign-in attempts. Try again in 15 minutes',
        },
      },
    });
    renderAuthPage(LoginPage, '/login');
    await user.type(await screen.findByLabelText(/E-postadress/), 'owner@demo.fairway.se');
    await user.type(screen.getByLabelText(/^Lösenord/), 'Wrong-pass1!');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Försök igen om 15 minuter');
  });

  it('stores the session and opens the dashboard', async () => {
    const { calls } = stubApi({ 'POST auth/login': { body: { data: session } } });
    renderAuthPage(LoginPage, '/login');
    await user.type(await screen.findByLabelText(/E-postadress/), ' Owner@Demo.Fairway.se ');
    await user.type(screen.getByLabelText(/^Lösenord/), 'Demo-pass1!');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'owner@demo.fairway.se', password: 'Demo-pass1!' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}').email).toBe('owner@demo.fairway.se');
  });

  it('explains an expired session above the form', async () => {
    stubApi({});
    renderAuthPage(LoginPage, '/login?q=tokenExpired');
    expect(await screen.findByText('Du har blivit utloggad')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logga in' })).toBeInTheDocument());
  });
});
