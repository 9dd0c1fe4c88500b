import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, pathOf } from '../auth/helpers';

const LIST = '/dashboard/acounting/customers';
const EDIT_PATH = /^\/dashboard\/acounting\/customers\/edit\/[0-9a-f-]{36}$/;

/** The toast with `text` (`TOAST_MS`). */
async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** The customer numbers in the table, top to bottom. */
async function numbersShown(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: 'Kunder' })
    .getByRole('link', { name: /^Öppna kund/ })
    .allTextContents();
}

/**
 * Customers (docs/accounting-data.md#customers) of the demo club account, which the seed connects to the Fortnox simulator
 * with its golf-club customers: the list with paging text, sorting and search, a create refused
 * on the organisation number first, an edit, both written to the simulated Fortnox and read back,
 * and an unknown id leading to the 404 page.
 */
describe('customers', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('lists, sorts, searches, creates after a field error, and edits a customer', async () => {
    // Unique, so the search finds this customer alone whatever other tests created.
    const name = `Klubbhusets Café ${Date.now().toString(36)} AB`;
    await loginThroughForm(page, OWNER);

    await page.goto(LIST);
    await page.getByRole('heading', { level: 1, name: 'Kunder' }).waitFor();
    const table = page.getByRole('table', { name: 'Kunder' });
    // The simulated club's members are numbered from 1001, companies from 5001.
    await table.getByRole('link', { name: /^Öppna kund 1001 / }).waitFor();
    await page.getByText(/^Visar 1–25 av \d+/).waitFor();
    await snap(page, 'customers-list');

    // Sorted by number, ascending, until a header says otherwise; a second click reverses it.
    const ascending = await numbersShown(page);
    expect(ascending.length).toBe(25);
    await table.getByRole('button', { name: /^Nr/ }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('order')).toBe('desc'));
    await eventually(async () => {
      const descending = await numbersShown(page);
      expect(Number(descending[0])).toBeGreaterThan(Number(descending[descending.length - 1]));
      expect(descending[0]).not.toBe(ascending[0]);
    });
    await table.getByRole('button', { name: /^Namn/ }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('sort')).toBe('name'));

    // The type filter and the search narrow the list; both live in the address.
    await page.getByRole('textbox', { name: 'Kundtyp' }).click();
    await page.getByRole('option', { name: 'Företag' }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('type')).toBe('company'));
    await page.getByRole('searchbox', { name: 'Sök kund' }).fill('upplands');
    await eventually(async () => expect(new URL(page.url()).searchParams.get('search')).toBe('upplands'));
    await eventually(async () => expect(await numbersShown(page)).toHaveLength(1));
    await table.getByText('Upplands Bygg AB').waitFor();

    // Nothing matches: said so, with a way back.
    await page.getByRole('searchbox', { name: 'Sök kund' }).fill('zzzz-ingen-sådan');
    await page.getByText('Inget matchar').waitFor();
    await page.getByRole('button', { name: 'Rensa filter' }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.has('type')).toBe(false));
    // The search goes too, at once (the box's pending debounce must not write it back).
    await eventually(async () => expect(new URL(page.url()).searchParams.has('search')).toBe(false));
    await eventually(async () => expect(await numbersShown(page)).toHaveLength(25));

    // Create: a company with a bad organisation number is refused on that field first.
    await page.getByRole('link', { name: 'Ny kund' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny kund' }).waitFor();
    await page.getByRole('textbox', { name: /^Namn/ }).fill(name);
    // The segmented control's radio is visually hidden; its label is what a user clicks.
    await page.locator('label[for$="-company"]').click();
    expect(await page.getByRole('radio', { name: 'Företag' }).isChecked()).toBe(true);
    const orgNumber = page.getByRole('textbox', { name: 'Organisationsnummer' });
    await orgNumber.fill('556677-8890');
    await page.getByRole('textbox', { name: 'E-post', exact: true }).fill('kafe@klubbhuset.se');
    await page.getByRole('textbox', { name: 'Ort' }).first().fill('Uppsala');
    await page.getByRole('button', { name: 'Skapa kund' }).click();
    await eventually(async () => expect(await orgNumber.getAttribute('aria-invalid')).toBe('true'));
    await page.getByText(/Ogiltigt organisationsnummer/).waitFor();
    expect(pathOf(page)).toBe('/dashboard/acounting/customers/create');
    await snap(page, 'customers-create-error');

    await orgNumber.fill('556677-8899');
    await page.getByRole('button', { name: 'Skapa kund' }).click();
    await toast(page, new RegExp(`Kunden ${name} \\(\\d+\\) har skapats`));
    await page.waitForURL((url) => url.pathname === LIST);

    // Read back from the list (the copy the portal keeps after the program answered).
    await page.getByRole('searchbox', { name: 'Sök kund' }).fill(name);
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    // The search has answered (not a page still loading under its overlay).
    await page.getByText('Visar 1–1 av 1').waitFor();
    expect(await row.textContent()).toContain('Uppsala');
    expect(await row.textContent()).toContain('556677-8899');

    // Edit: a click on the row opens it, loaded from the program.
    await row.getByText(name).click();
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    const editPath = pathOf(page);
    await page.getByRole('heading', { level: 1, name: 'Redigera kund' }).waitFor();
    await eventually(async () => expect(await page.getByRole('textbox', { name: /^Namn/ }).inputValue()).toBe(name));
    expect(await page.getByRole('textbox', { name: 'Organisationsnummer' }).inputValue()).toBe('556677-8899');
    await page.getByRole('textbox', { name: 'Ort' }).first().fill('Enköping');
    await page.getByRole('textbox', { name: 'Administrationsavgift' }).fill('35');
    await page.getByRole('button', { name: 'Spara' }).click();
    await toast(page, `Kunden ${name} har sparats`);
    await page.waitForURL((url) => url.pathname === LIST);
    // Back on the list, found again by name: other specs may have added customers before it.
    await page.getByRole('searchbox', { name: 'Sök kund' }).fill(name);
    await eventually(async () =>
      expect(await table.getByRole('row').filter({ hasText: name }).textContent()).toContain('Enköping'),
    );

    await page.goto(editPath);
    await eventually(async () =>
      expect(await page.getByRole('textbox', { name: 'Administrationsavgift' }).inputValue()).toBe('35 kr'),
    );
    await snap(page, 'customers-edit');
  });

  it('sends an unknown or malformed customer id to the 404 page', async () => {
    await loginThroughForm(page, OWNER);
    await page.goto(`${LIST.replace('/customers', '/customers/edit')}/00000000-0000-4000-8000-000000000000`);
    await page.waitForURL((url) => url.pathname === '/error-404');
    await page.goto('/dashboard/acounting/customers/edit/1001');
    await page.waitForURL((url) => url.pathname === '/error-404');
  });
});
