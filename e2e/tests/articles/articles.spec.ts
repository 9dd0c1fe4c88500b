import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, pathOf } from '../auth/helpers';

const LIST = '/dashboard/acounting/article';
const EDIT_PATH = /^\/dashboard\/acounting\/article\/edit\/[0-9a-f-]{36}$/;

/** The toast with `text` (`TOAST_MS`). */
async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Articles (docs/accounting-data.md#articles) for the demo club account, which the seed connects to the Fortnox
 * simulator: the list and its search, a create refused on a field first, and an edit, each
 * written to the simulated Fortnox and read back.
 */
describe('articles', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('lists, searches, creates after a field error, and edits an article', async () => {
    // Unique, so the search finds this article alone whatever other tests created.
    const name = `Golfparaply ${Date.now().toString(36)}`;
    await loginThroughForm(page, OWNER);

    await page.goto(LIST);
    await page.getByRole('heading', { level: 1, name: 'Artiklar' }).waitFor();
    const table = page.getByRole('table', { name: 'Artiklar' });
    await table.getByText('Greenfee 18 hål').waitFor();
    await snap(page, 'articles-list');

    await page.getByRole('searchbox', { name: 'Sök artikel' }).fill('lunch');
    await eventually(async () => expect(new URL(page.url()).searchParams.get('search')).toBe('lunch'));
    await table.getByText('Dagens lunch').waitFor();
    await eventually(async () => expect(await table.getByText('Greenfee 18 hål').count()).toBe(0));

    await page.getByRole('link', { name: 'Ny artikel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny artikel' }).waitFor();
    await page.getByRole('textbox', { name: /^Benämning/ }).fill(name);
    const ean = page.getByRole('textbox', { name: /^EAN/ });
    await ean.fill('7310865004704');
    await page.getByRole('textbox', { name: /^Försäljningspris exkl\. moms/ }).fill('200');
    await page.getByRole('textbox', { name: /^Inköpspris/ }).fill('120');
    // The margin follows the prices as they are typed.
    await page.getByText(/^40\s%$/).waitFor();
    await page.getByText(/^250\skr$/).waitFor();

    // A wrong check digit is refused before anything is sent.
    await page.getByRole('button', { name: 'Skapa artikel' }).click();
    await eventually(async () => expect(await ean.getAttribute('aria-invalid')).toBe('true'));
    await page.getByText(/Ogiltig EAN-kod/).waitFor();
    expect(pathOf(page)).toBe('/dashboard/acounting/article/create');
    await snap(page, 'articles-create-error');

    await ean.fill('7310865004703');
    await page.getByRole('button', { name: 'Skapa artikel' }).click();
    await toast(page, new RegExp(`Artikeln ${name} \\(FW[0-9A-F]+\\) har skapats`));
    await page.waitForURL((url) => url.pathname === LIST);

    await page.getByRole('searchbox', { name: 'Sök artikel' }).fill(name);
    await table.getByText(name).waitFor();
    await table.getByRole('link', { name: new RegExp(`^Öppna artikel FW[0-9A-F]+ ${name}$`) }).click();
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Redigera artikel' }).waitFor();
    const description = page.getByRole('textbox', { name: /^Benämning/ });
    await eventually(async () => expect(await description.inputValue()).toBe(name));
    expect(await page.getByRole('textbox', { name: /^EAN/ }).inputValue()).toBe('7310865004703');
    expect(await page.getByRole('textbox', { name: /^Försäljningspris exkl\. moms/ }).inputValue()).toBe('200 kr');

    await description.fill(`${name} XL`);
    await page.getByRole('textbox', { name: /^Inköpspris/ }).fill('140');
    await page.getByText(/^30\s%$/).waitFor();
    await snap(page, 'articles-edit');
    await page.getByRole('button', { name: 'Spara' }).click();
    await toast(page, `Artikeln ${name} XL har sparats`);
    await page.waitForURL((url) => url.pathname === LIST);
    await page.getByRole('searchbox', { name: 'Sök artikel' }).fill(`${name} XL`);
    await table.getByText(`${name} XL`).waitFor();
    await table.getByText(/^30\s%$/).waitFor();
  });
});
