import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderAuthPage, stubApi } from '../test/render-auth-page';
import RegisterPage from './register-page';

const packages = [
  { id: 'small', name: 'Small', invoicesPerMonth: 200, maxUsers: 3, maxClubAccounts: 1, monthlyPriceOre: 49_500, sortOrder: 2 },
  { id: 'free', name: 'Free', invoicesPerMonth: 25, maxUsers: 1, maxClubAccounts: 1, monthlyPriceOre: 0, sortOrder: 1 },
];
const golfClubs = [
  { id: 'stockholms-gk', name: 'Stockholms GK', city: 'Danderyd', district: 'Stockholm' },
  { id: 'lidingo-gk', name: 'Lidingö GK', city: 'Lidingö', district: 'Stockholm' },
];

function stubRegistrationApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET landing_page/packages': { body: { data: packages } },
    'GET landing_page/golf_clubs': { body: { data: golfClubs } },
    'POST auth/check_existing': { body: { data: { email: false } } },
    ...extra,
  });
}

// Typing is the slow part under jsdom; no delay between keystrokes keeps the suite quick.
const user = userEvent.setup({ delay: null });

// Mantine under jsdom renders slowly on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  await setLanguage('sv');
});

const SPEC_MESSAGES = {
  sv: {
    package: 'Paket måste väljas',
    program: 'Bokföringsprogram måste väljas',
    club: 'Du måste välja en golfklubb',
    terms: 'Du måste godkänna våra villkor',
    required: 'Detta fält är obligatoriskt',
    customerNumber: 'Kundnummer krävs',
    clubName: 'Golfklubbens namn krävs',
    submit: 'Skapa konto',
    existing: /Befintlig kund/,
  },
  en: {
    package: 'Package is required',
    program: 'Accounting Program is required',
    club: 'You must choose a golfclub',
    terms: 'Please agree to our terms & condition',
    required: 'This field is required',
    customerNumber: 'Customer number required',
    clubName: 'Golf club name required',
    submit: 'Create account',
    existing: /Existing customer/,
  },
} as const;

describe.each(['sv', 'en'] as const)('register page in %s', (lang) => {
  const m = SPEC_MESSAGES[lang];

  it('shows the spec’s message at every field of a new customer when sent empty', async () => {
    await setLanguage(lang);
    const { calls } = stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register');
    await screen.findByRole('radio', { name: /Small/ });
    await user.click(screen.getByRole('button', { name: m.submit }));

    expect(await screen.findByText(m.package)).toBeInTheDocument();
    expect(screen.getByText(m.program)).toBeInTheDocument();
    expect(screen.getByText(m.club)).toBeInTheDocument();
    expect(screen.getByText(m.terms)).toBeInTheDocument();
    // Name, e-mail and password (an empty confirmation is judged once a password is typed).
    expect(screen.getAllByText(m.required)).toHaveLength(3);
    expect(calls.some((c) => c.path === 'auth/signup')).toBe(false);
  });

  it('asks an existing customer for customer number and club name instead', async () => {
    await setLanguage(lang);
    stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register');
    await user.click(await screen.findByRole('radio', { name: m.existing }));
    await user.click(screen.getByRole('button', { name: m.submit }));

    expect(await screen.findByText(m.customerNumber)).toBeInTheDocument();
    expect(screen.getByText(m.clubName)).toBeInTheDocument();
    expect(screen.getByText(m.program)).toBeInTheDocument();
    expect(screen.queryByText(m.package)).not.toBeInTheDocument();
    expect(screen.queryByText(m.club)).not.toBeInTheDocument();
  });
});

describe('register page', () => {
  it('shows packages with the monthly price ex VAT and the invoice allowance', async () => {
    stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register');
    const small = await screen.findByRole('radio', { name: /Small/ });
    expect(small).toHaveTextContent(/495\s*kr/);
    expect(small).toHaveTextContent('Upp till 200 fakturor/månad');
    // Cheapest first, as sortOrder says.
    const cards = screen.getAllByRole('radio').filter((r) => /Free|Small/.test(r.textContent ?? ''));
    expect(cards[0]).toHaveTextContent('Free');
  });

  it('explains the password rule and a mismatching confirmation', async () => {
    stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register');
    await user.type(await screen.findByLabelText(/^Lösenord/, { selector: 'input' }), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Bekräfta lösenord/), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(
      await screen.findByText('Ditt lösenord måste innehålla minst en versal, en gemen, ett specialtecken och en siffra'),
    ).toBeInTheDocument();
    expect(screen.getByText('Lösenorden matchar inte')).toBeInTheDocument();
  });

  it('tells on blur that the address is already registered, with a way to log in', async () => {
    stubRegistrationApi({ 'POST auth/check_existing': { body: { data: { email: true } } } });
    renderAuthPage(RegisterPage, '/register');
    await user.type(await screen.findByLabelText(/^E-postadress/), 'owner@demo.fairway.se');
    await user.tab();
    expect(await screen.findByText(/Den här e-postadressen är redan registrerad/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logga in i stället' })).toHaveAttribute('href', '/login');
  });

  it('puts the server’s field messages on the fields', async () => {
    const { calls } = stubRegistrationApi({
      'POST auth/signup': {
        status: 400,
        body: {
          message: 'Valideringsfel',
          eng_message: 'Validation failed',
          error: { phone: ['Ogiltigt telefonnummer från servern'] },
        },
      },
    });
    renderAuthPage(RegisterPage, '/register');
    await user.click(await screen.findByRole('radio', { name: /Small/ }));
    await user.click(screen.getByRole('radio', { name: /Fortnox/ }));
    await user.type(screen.getByRole('textbox', { name: /Golfklubb/ }), 'Lidingö');
    // Mantine keeps the dropdown in a transition jsdom never finishes, so the option counts as hidden.
    await user.click(await screen.findByRole('option', { name: /Lidingö GK/, hidden: true }));
    await user.type(screen.getByLabelText(/^Namn/), 'Anna Andersson');
    await user.type(screen.getByLabelText(/^E-postadress/), 'anna@lidingogk.se');
    await user.type(screen.getByLabelText(/^Telefonnummer/), '070-123 45 67');
    await user.type(screen.getByLabelText(/^Lösenord/, { selector: 'input' }), 'Golf-2024!x');
    await user.type(screen.getByLabelText(/^Bekräfta lösenord/), 'Golf-2024!x');
    await user.click(screen.getByRole('checkbox', { name: /godkänner villkoren/ }));
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));

    const phone = screen.getByLabelText(/^Telefonnummer/);
    expect(await screen.findByText('Ogiltigt telefonnummer från servern')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    const signup = calls.find((c) => c.path === 'auth/signup');
    expect(signup?.body).toEqual({
      customerType: 'new',
      name: 'Anna Andersson',
      email: 'anna@lidingogk.se',
      phone: '070-123 45 67',
      password: 'Golf-2024!x',
      passwordConfirmation: 'Golf-2024!x',
      accountingProgram: 'fortnox',
      termsAccepted: true,
      packageId: 'small',
      golfClubId: 'lidingo-gk',
    });
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });
});
