import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, pathOf } from '../auth/helpers';

const LIST = '/dashboard/acounting/contracts';
const EDIT_PATH = /^\/dashboard\/acounting\/contracts\/edit\/[0-9a-f-]{36}$/;

/** The toast with `text` (`TOAST_MS`). */
async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** A date some days from today, as the date inputs take it. */
function daysAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(date);
}

/**
 * Contracts (docs/accounting-data.md#contracts) of the demo club account, which the seed connects to the Fortnox simulator
 * with its 20 demo contracts: the list filtered by status, a contract opened, tagged and given a
 * price change (both confirmed in dialogs and read back), the tag filter, and a new contract
 * refused on a field first and then created in the simulated Fortnox.
 */
describe('contracts', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('lists and filters by status, tags and reprices a contract, and creates one after a field error', {
    timeout: 300_000,
  }, async () => {
    const tag = `e2e-${Date.now().toString(36)}`;
    await loginThroughForm(page, OWNER);

    await page.goto(LIST);
    await page.getByRole('heading', { level: 1, name: 'Avtal' }).waitFor();
    const table = page.getByRole('table', { name: 'Avtal' });
    await table
      .getByRole('link', { name: /^Öppna avtal/ })
      .first()
      .waitFor();
    await snap(page, 'contracts-list');

    // The status tabs: only active contracts once "Aktiva" is chosen.
    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Aktiva', { exact: true }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('status')).toBe('active'));
    await eventually(async () => {
      const statuses = await table.locator('[data-status]').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['active']));
    });

    // Open the first active contract.
    const first = table.getByRole('link', { name: /^Öppna avtal/ }).first();
    const number = (await first.textContent())?.trim() ?? '';
    await first.click();
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Redigera avtal' }).waitFor();
    await page.getByText(`Avtal ${number} med`).first().waitFor();

    // Add a tag, confirmed in its dialog.
    await page.getByRole('button', { name: 'Åtgärder' }).click();
    await page.getByRole('menuitem', { name: 'Taggar' }).click();
    const dialog = page.getByRole('dialog', { name: `Taggar för avtal ${number}` });
    await dialog.getByRole('textbox', { name: 'Taggar' }).fill(tag);
    await dialog.getByRole('textbox', { name: 'Taggar' }).press('Enter');
    await dialog.getByRole('button', { name: 'Spara taggarna' }).click();
    await toast(page, `Taggarna för avtal ${number} har sparats.`);
    await page.getByRole('list', { name: 'Taggar' }).getByText(tag).waitFor();

    // Schedule a price change: a wrong date first (in the past), then a good one.
    await page.getByRole('button', { name: 'Åtgärder' }).click();
    await page.getByRole('menuitem', { name: 'Ändra priser' }).click();
    const prices = page.getByRole('dialog', { name: `Ändra priserna i avtal ${number}` });
    await prices.getByRole('textbox', { name: /^Ändring i procent/ }).fill('3,5');
    const date = prices.getByLabel(/^Gäller från/);
    await date.fill(daysAhead(-3));
    await prices.getByRole('button', { name: 'Schemalägg prisändringen' }).click();
    await prices.getByText('Välj dagens datum eller ett senare').waitFor();
    const effectiveOn = daysAhead(7);
    await date.fill(effectiveOn);
    await snap(page, 'contracts-price-change');
    await prices.getByRole('button', { name: 'Schemalägg prisändringen' }).click();
    await toast(page, new RegExp(`Priserna i avtal ${number} ändras \\+3,5\\s%`));
    await page.getByText(new RegExp(`^Pris \\+3,5\\s% från ${effectiveOn}$`)).waitFor();

    // The scheduled change is listed in the dialog and on the list page's Scheduled tab.
    await page.getByRole('button', { name: 'Åtgärder' }).click();
    await page.getByRole('menuitem', { name: 'Ändra priser' }).click();
    await prices.getByRole('table', { name: 'Schemalagda prisändringar' }).getByText(effectiveOn).waitFor();
    await prices.getByRole('button', { name: 'Avbryt' }).click();
    await page.goto(`${LIST}?tab=schedules`);
    const schedule = page.getByRole('table', { name: 'Schemalagda ändringar' });
    await schedule.getByRole('row').filter({ hasText: number }).filter({ hasText: '+3,5' }).first().waitFor();

    // The tag filter finds the tagged contract alone.
    await page.goto(`${LIST}?tag=${encodeURIComponent(tag)}`);
    await eventually(async () =>
      expect(await table.getByRole('link', { name: /^Öppna avtal/ }).allTextContents()).toEqual([number]),
    );

    // A new contract: the length must be whole invoice periods.
    await page.goto(LIST);
    await page.getByRole('link', { name: 'Nytt avtal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nytt avtal' }).waitFor();
    await page.getByRole('textbox', { name: /^Kund/ }).click();
    const option = page.getByRole('option').first();
    await option.waitFor();
    const customer = ((await option.textContent()) ?? '').split(' – ')[1] ?? '';
    await option.click();
    const length = page.getByRole('textbox', { name: /^Avtalslängd/ });
    await length.fill('5');
    // A contract row needs an article (Fortnox has no text rows on contracts): picked by name.
    const article = page.getByRole('textbox', { name: 'Artikel, rad 1' });
    await article.click();
    await article.fill('Skåphyra');
    await page.getByRole('option', { name: '131 – Skåphyra' }).click();
    await page.getByRole('textbox', { name: 'Benämning, rad 1' }).fill('Företagsmedlemskap e2e');
    await page.getByRole('textbox', { name: 'À-pris, rad 1' }).fill('4500');
    await page
      .getByTestId('contract-total')
      .filter({ hasText: /^5\s625\skr$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Skapa avtal' }).click();
    await page.getByText('Avtalslängden måste vara en multipel av faktureringsintervallet').waitFor();
    await eventually(async () => expect(await length.getAttribute('aria-invalid')).toBe('true'));
    expect(pathOf(page)).toBe('/dashboard/acounting/contracts/create');
    await snap(page, 'contracts-create-error');

    await length.fill('12');
    await page.getByRole('button', { name: 'Skapa avtal' }).click();
    await toast(page, new RegExp(`Avtal \\d+ med ${customer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} har skapats`));
    await page.waitForURL((url) => url.pathname === LIST);
  });
});
