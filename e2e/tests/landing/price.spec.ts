import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';

/** Intl writes a narrow no-break space between thousands in Swedish; compare as plain spaces. */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the price page', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('shows the packages, the payment plans and the registration terms in Swedish', async () => {
    await page.goto('/price');
    await page.getByRole('heading', { level: 1, name: 'Priser och paket' }).waitFor();
    const cards = page.getByTestId('price-card');
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(5);
    expect(plain(await cards.nth(0).textContent())).toContain('Gratis');
    const small = plain(await cards.nth(1).textContent());
    expect(small).toContain('Small');
    expect(small).toContain('495 kr/mån');
    expect(small).toContain('exkl. moms');
    expect(small).toContain('Upp till 200 fakturor/månad');
    expect(small).toContain('3 användare');
    expect(small).toContain('1 klubbkonto');
    expect(plain(await cards.nth(3).textContent())).toContain('Upp till 1 500 fakturor/månad');
    expect(await cards.nth(1).getByRole('link', { name: 'Välj Small' }).getAttribute('href')).toBe('/register');

    expect(plain(await page.getByTestId('plan-quarterly').textContent())).toContain('tillägg på 80 kr per månad exkl. moms');
    expect(plain(await page.getByTestId('plan-annually').textContent())).toContain('Årsvis');
    expect(plain(await page.getByTestId('plan-monthly').textContent())).toContain('Månadsvis');

    const terms = plain(await page.getByTestId('registration-terms').textContent());
    expect(terms).toContain('bindningstid på 12 månader');
    expect(terms).toContain('Faktureringen sker årsvis');
    expect(terms).toContain('Ingen uppsägningstid');
    expect(terms).toContain('Belopp som redan fakturerats återbetalas inte.');

    const fees = page.getByTestId('price-fees');
    const row = async (name: string) => plain(await fees.getByRole('row', { name: new RegExp(`^${name}`) }).textContent());
    expect(await row('Årlig licensavgift')).toContain('3 000 kr');
    expect(await row('Teknisk installation')).toContain('1 500 kr');
    expect(await row('Onboarding')).toContain('30 minuter');
    expect(await row('Onboarding')).toContain('1 500 kr');
    expect(await row('Personlig support')).toContain('1 500 kr');
    expect(await row('Personlig support')).toContain('1,5 timmar = 2 250 kr');
    await snap(page, 'price-sv');
  }, 60_000);

  it('speaks English with English number formats', async () => {
    await page.goto('/robots.txt');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/price');
    await page.getByRole('heading', { level: 1, name: 'Prices and packages' }).waitFor();
    await expect.poll(() => page.getByTestId('price-card').count(), { timeout: 60_000 }).toBe(5);
    expect(plain(await page.getByTestId('price-card').nth(3).textContent())).toContain('Up to 1,500 invoices/month');
    const fees = plain(await page.getByTestId('price-fees').textContent());
    // Money in the en-SE convention (Intl), as everywhere in the product.
    const sek = (kronor: number) =>
      plain(new Intl.NumberFormat('en-SE', { style: 'currency', currency: 'SEK', minimumFractionDigits: 0 }).format(kronor));
    expect(fees).toContain(sek(3000));
    expect(fees).toContain(`1.5 hours = ${sek(2250)}`);
    expect(plain(await page.getByTestId('registration-terms').textContent())).toContain('commitment period of 12 months');
  }, 60_000);
});
