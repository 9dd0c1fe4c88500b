import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, OWNER, PASSWORD_LABEL, storedSession, strongPassword, uniqueEmail } from './helpers';

/** The registration messages, Swedish and English. */
const MESSAGES = {
  sv: {
    package: 'Paket måste väljas',
    program: 'Bokföringsprogram måste väljas',
    club: 'Du måste välja en golfklubb',
    terms: 'Du måste godkänna våra villkor',
    required: 'Detta fält är obligatoriskt',
    customerNumber: 'Kundnummer krävs',
    clubName: 'Golfklubbens namn krävs',
  },
  en: {
    package: 'Package is required',
    program: 'Accounting Program is required',
    club: 'You must choose a golfclub',
    terms: 'Please agree to our terms & condition',
    required: 'This field is required',
    customerNumber: 'Customer number required',
    clubName: 'Golf club name required',
  },
} as const;

describe('registration', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  async function visible(text: string) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }

  it('shows every spec message at its field when sent empty (sv)', async () => {
    await page.goto('/register');
    await page.getByRole('radio', { name: /Small/ }).waitFor();
    await snap(page, 'register');
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    const m = MESSAGES.sv;
    for (const text of [m.package, m.program, m.club, m.terms, m.required]) await visible(text);
    // Name, e-mail and password are required; nothing was sent.
    expect(await page.getByText(m.required, { exact: true }).count()).toBe(3);
    expect(new URL(page.url()).pathname).toBe('/register');
    await snap(page, 'register-empty-submit');

    // An existing customer is asked for customer number and club name instead of package and club.
    await page.getByRole('radio', { name: /Befintlig kund/ }).click();
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    for (const text of [m.customerNumber, m.clubName, m.program]) await visible(text);
    expect(await page.getByText(m.package, { exact: true }).count()).toBe(0);
  });

  it('shows the same messages in English', async () => {
    await page.goto('/register');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByRole('radio', { name: /Small/ }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    const m = MESSAGES.en;
    for (const text of [m.package, m.program, m.club, m.terms, m.required]) await visible(text);
    await page.getByRole('radio', { name: /Existing customer/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const text of [m.customerNumber, m.clubName]) await visible(text);
  });

  it('says at once that an address is already registered', async () => {
    await page.goto('/register');
    await page.getByLabel(/^E-postadress/).fill(OWNER.email);
    await page.getByLabel(/^E-postadress/).blur();
    // The message carries a "log in instead" link, so it is matched as part of the field's error.
    await page.getByText('Den här e-postadressen är redan registrerad.').waitFor();
    expect(await page.getByRole('link', { name: 'Logga in i stället' }).getAttribute('href')).toBe('/login');
  });

  it('registers a new club and lands its Owner on the dashboard', async () => {
    const email = uniqueEmail('register');
    const password = strongPassword('Reg');
    await page.goto('/register');

    const small = page.getByRole('radio', { name: /Small/ });
    await small.waitFor();
    // Price per month ex VAT and the invoice allowance, formatted for Sweden.
    expect(await small.textContent()).toMatch(/495\s*kr/);
    expect(await small.textContent()).toContain('Upp till 200 fakturor/månad');
    await small.click();
    await page.getByRole('radio', { name: /Visma eEkonomi/ }).click();

    const club = page.getByRole('textbox', { name: /^Golfklubb/ });
    await club.click();
    await club.fill('Lidingö');
    await page.getByRole('option', { name: /Lidingö GK/ }).click();
    expect(await club.inputValue()).toContain('Lidingö GK');

    await page.getByLabel(/^Namn/).fill('Lisa Lidingö');
    await page.getByLabel(/^E-postadress/).fill(email);
    await page.getByLabel(/^Telefonnummer/).fill('070-174 06 55');
    await page.getByLabel(PASSWORD_LABEL).fill(password);
    await page.getByLabel(/^Bekräfta lösenord/).fill(password);
    await page.getByRole('checkbox', { name: /godkänner villkoren/ }).check();
    await snap(page, 'register-filled');
    await page.getByRole('button', { name: 'Skapa konto' }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await eventually(async () => {
      const user = JSON.parse((await storedSession(page)).userData ?? '{}');
      expect(user.email).toBe(email);
      expect(user.role).toBe('Owner');
    });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await snap(page, 'register-landed-on-dashboard');
  });
});
