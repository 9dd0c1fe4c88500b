import { STORAGE_KEYS } from '@fairway/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderAuthPage, stubApi } from '../test/render-auth-page';
import CompleteProfilePage from './complete-profile-page';
import ResetPasswordPage from './reset-password-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  await setLanguage('sv');
});

const resetInfo = {
  purpose: 'password_reset',
  email: 'anna@lidingogk.se',
  name: 'Anna Andersson',
  organisationName: 'Lidingö GK',
};
const session = {
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 900,
  user: {
    id: '6c1f3f1e-9a53-4f62-8a77-1f0a3c1b2d4e',
    name: 'Anna Andersson',
    displayName: null,
    email: 'anna@lidingogk.se',
    phone: null,
    role: 'Staff',
    scopes: [],
    imageUrl: null,
    golfclubAdmin: false,
    organisation: { id: '0d7a6f86-3f6e-4b0f-9c59-3a5d4c2f1b10', name: 'Lidingö GK' },
    currentAccount: null,
    clubAccounts: [],
  },
};

describe('reset password page', () => {
  it('explains a link without a token', async () => {
    stubApi({});
    renderAuthPage(ResetPasswordPage, '/reset-password');
    expect(await screen.findByRole('heading', { name: 'Verifieringstoken saknas' })).toBeInTheDocument();
  });

  it('explains a used or expired link and offers a new one', async () => {
    stubApi({
      'GET auth/password/token': {
        status: 400,
        body: {
          message: 'Länken är ogiltig, har redan använts eller har gått ut',
          eng_message: 'The link is invalid, has already been used or has expired',
          error: 'Länken är ogiltig, har redan använts eller har gått ut',
        },
      },
    });
    renderAuthPage(ResetPasswordPage, '/reset-password?token=used');
    expect(await screen.findByRole('heading', { name: 'Länken fungerar inte' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Länken är ogiltig, har redan använts eller har gått ut');
    expect(screen.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute('href', '/forgot-password');
  });

  it('ticks the password rule as it is met and puts a refused password on its field', async () => {
    const { calls } = stubApi({
      'GET auth/password/token': { body: { data: resetInfo } },
      'POST auth/password/update_password': {
        status: 400,
        body: {
          message: 'Valideringsfel',
          eng_message: 'Validation failed',
          error: { password: ['Det nya lösenordet måste skilja sig från tidigare lösenord'] },
        },
      },
    });
    renderAuthPage(ResetPasswordPage, '/reset-password?token=abc123');
    expect(await screen.findByText('anna@lidingogk.se')).toBeInTheDocument();

    const rules = screen.getByRole('list', { name: 'Lösenordet ska innehålla' });
    const password = screen.getByLabelText(/^Nytt lösenord/, { selector: 'input' });
    await user.type(password, 'abcdefgh');
    expect(rules.querySelectorAll('[data-met]')).toHaveLength(2);
    await user.type(password, 'A1!');
    expect(rules.querySelectorAll('[data-met]')).toHaveLength(5);

    await user.type(screen.getByLabelText(/^Bekräfta lösenord/, { selector: 'input' }), 'abcdefghA1!');
    await user.click(screen.getByRole('button', { name: 'Spara lösenord och logga in' }));
    expect(await screen.findByText('Det nya lösenordet måste skilja sig från tidigare lösenord')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth/password/update_password')?.body).toEqual({
      token: 'abc123',
      password: 'abcdefghA1!',
      passwordConfirmation: 'abcdefghA1!',
    });
  });
});

describe('complete profile page', () => {
  it('lets the invited user confirm their name and signs them in', async () => {
    const { calls } = stubApi({
      'GET auth/password/token': { body: { data: { ...resetInfo, purpose: 'invitation' } } },
      'POST auth/password/update_password': { body: { data: session } },
    });
    renderAuthPage(CompleteProfilePage, '/complete-profile?token=invite1');
    const name = await screen.findByLabelText(/^Namn/, { selector: 'input' });
    expect(name).toHaveValue('Anna Andersson');
    await user.clear(name);
    await user.type(name, 'Anna Lind');
    await user.type(screen.getByLabelText(/^Nytt lösenord/, { selector: 'input' }), 'Golf-2024!x');
    await user.type(screen.getByLabelText(/^Bekräfta lösenord/, { selector: 'input' }), 'Golf-2024!x');
    await user.click(screen.getByRole('button', { name: 'Spara och logga in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth/password/update_password')?.body).toEqual({
      token: 'invite1',
      name: 'Anna Lind',
      password: 'Golf-2024!x',
      passwordConfirmation: 'Golf-2024!x',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access');
  });

  it('speaks English when asked', async () => {
    await setLanguage('en');
    stubApi({ 'GET auth/password/token': { body: { data: { ...resetInfo, purpose: 'invitation' } } } });
    renderAuthPage(CompleteProfilePage, '/complete-profile?token=invite1');
    await user.click(await screen.findByRole('button', { name: 'Save and log in' }));
    expect(screen.getByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(await screen.findAllByText('This field is required')).toHaveLength(1);
  });
});
