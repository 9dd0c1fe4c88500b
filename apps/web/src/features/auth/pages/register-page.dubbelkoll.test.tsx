import { DUPLICATE_TIERS } from '@fairway/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderAuthPage, stubApi } from '../test/render-auth-page';
import RegisterPage from './register-page';

// This file's app is Dubbelkoll's (BRAND=dubbelkoll): brand.ts answers the served brand at load.
vi.mock('../../../app/brand', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../app/brand')>();
  return { ...actual, brand: actual.resolveBrand('dubbelkoll') };
});

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  await setLanguage('sv');
});

function stubRegistrationApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET landing_page/tiers': { body: { data: DUPLICATE_TIERS } },
    'POST auth/check_existing': { body: { data: { email: false } } },
    ...extra,
  });
}

const TEXTS = {
  sv: {
    title: 'Registrera ditt företag',
    tier: 'Välj en nivå',
    companyName: 'Företagets namn krävs',
    program: 'Bokföringsprogram måste väljas',
    submit: 'Skapa konto',
    business: [
      /Upp till 3\s000 kontrollerade dokument\/månad/,
      'Jämför kundfakturor, leverantörsfakturor, order, verifikationer',
      '5 användare · 2 företag',
    ],
    companyLabel: /^Företagets namn/,
    name: /^Namn/,
    email: /^E-postadress/,
    password: /^Lösenord/,
    confirm: /^Bekräfta lösenord/,
    terms: /godkänner villkoren/,
    golf: /Golfklubb/,
    customerType: 'Kundtyp',
  },
  en: {
    title: 'Register your company',
    tier: 'Choose a tier',
    companyName: 'Company name required',
    program: 'Accounting Program is required',
    submit: 'Create account',
    // The auth pages count the Swedish way in English too (features/auth/lib/format.ts).
    business: [
      /Up to 3\s000 checked documents\/month/,
      'Compares customer invoices, supplier invoices, orders, vouchers',
      '5 users · 2 companies',
    ],
    companyLabel: /^Company name/,
    name: /^Name/,
    email: /^Email address/,
    password: /^Password/,
    confirm: /^Confirm password/,
    terms: /agree to the terms/,
    golf: /Golf club/,
    customerType: 'Customer type',
  },
} as const;

describe.each(['sv', 'en'] as const)("Dubbelkoll's registration in %s", (lang) => {
  const x = TEXTS[lang];

  it('offers the tiers with their price and limits, and asks for a company instead of a golf club', async () => {
    await setLanguage(lang);
    stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register');
    expect(await screen.findByRole('heading', { name: x.title, level: 1 })).toBeInTheDocument();
    const business = await screen.findByRole('radio', { name: /Business/ });
    expect(business).toHaveTextContent(/695\s*kr/);
    for (const line of x.business) expect(business).toHaveTextContent(line);
    expect(screen.getAllByRole('radio', { name: /Start|Business|Pro/ })).toHaveLength(3);
    expect(screen.getByLabelText(x.companyLabel)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: x.golf })).not.toBeInTheDocument();
    expect(screen.queryByText(x.customerType)).not.toBeInTheDocument();
  });

  it("starts on the tier the price page's Choose came with", async () => {
    await setLanguage(lang);
    stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register?tier=pro');
    expect(await screen.findByRole('radio', { name: /Pro/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Business/ })).not.toBeChecked();
  });

  it('says what is missing when sent empty, and sends nothing', async () => {
    await setLanguage(lang);
    const { calls } = stubRegistrationApi();
    renderAuthPage(RegisterPage, '/register');
    await screen.findByRole('radio', { name: /Business/ });
    await user.click(screen.getByRole('button', { name: x.submit }));
    expect(await screen.findByText(x.tier)).toBeInTheDocument();
    expect(screen.getByText(x.companyName)).toBeInTheDocument();
    expect(screen.getByText(x.program)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'auth/signup')).toBe(false);
  });

  it('sends the chosen tier and the company, and puts the server’s refusal on the tier', async () => {
    await setLanguage(lang);
    const { calls } = stubRegistrationApi({
      'POST auth/signup': {
        status: 400,
        body: { message: 'Valideringsfel', eng_message: 'Validation failed', error: { tierId: [x.tier] } },
      },
    });
    renderAuthPage(RegisterPage, '/register');
    await user.click(await screen.findByRole('radio', { name: /Business/ }));
    await user.type(screen.getByLabelText(x.companyLabel), 'Bokföring & Co AB');
    await user.click(screen.getByRole('radio', { name: /Fortnox/ }));
    await user.type(screen.getByLabelText(x.name), 'Disa Dubbel');
    await user.type(screen.getByLabelText(x.email), 'disa@bokforing.se');
    await user.type(screen.getByLabelText(x.password, { selector: 'input' }), 'Golf-2024!x');
    await user.type(screen.getByLabelText(x.confirm), 'Golf-2024!x');
    await user.click(screen.getByRole('checkbox', { name: x.terms }));
    await user.click(screen.getByRole('button', { name: x.submit }));

    expect(await screen.findByText(x.tier)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth/signup')?.body).toEqual({
      customerType: 'company',
      name: 'Disa Dubbel',
      email: 'disa@bokforing.se',
      password: 'Golf-2024!x',
      passwordConfirmation: 'Golf-2024!x',
      accountingProgram: 'fortnox',
      termsAccepted: true,
      tierId: 'business',
      companyName: 'Bokföring & Co AB',
    });
  });
});
