import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { apiCall, eventually, loginThroughForm, pathOf, registerOwnerViaApi } from '../auth/helpers';

const EDIT_PATH = /^\/dashboard\/acounting\/(customers|article)\/segment\/edit\/[0-9a-f-]{36}$/;

/** The toast with `text`, then it is dismissed by time (`TOAST_MS`). */
async function toast(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Adds numbers to a tags input the way a user does: type, Enter. */
async function addTags(page: Page, label: RegExp, numbers: string[]) {
  const input = page.getByRole('textbox', { name: label });
  for (const n of numbers) {
    await input.fill(n);
    await input.press('Enter');
  }
}

describe('segments', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('creates, edits, refuses bad input and deletes a customer segment', async () => {
    const owner = await registerOwnerViaApi('segments');
    // Another segment already holds customer 2001 and the name "Seniorer".
    await apiCall('POST', 'segments/customers', { name: 'Seniorer', customerNumbers: ['2001'] }, owner.accessToken);
    await loginThroughForm(page, owner);

    await page.goto('/dashboard/acounting/customers/segment/create');
    await page.getByRole('heading', { name: 'Nytt kundsegment' }).waitFor();

    // Nothing filled in: the shared rules refuse before anything is sent.
    await page.getByRole('button', { name: 'Spara' }).click();
    const name = page.getByRole('textbox', { name: /^Namn/ });
    await eventually(async () => expect(await name.getAttribute('aria-invalid')).toBe('true'));
    await page.getByText('Detta fält är obligatoriskt').first().waitFor();

    await name.fill('Juniorer');
    await page.getByRole('textbox', { name: /^Beskrivning/ }).fill('Medlemmar under 21 år');
    await page.getByRole('switch', { name: 'Återkommande fakturering' }).check({ force: true });
    const discount = page.getByRole('textbox', { name: /^Rabatt/ });
    await discount.fill('150');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText(/måste vara 100 eller mindre/).waitFor();
    await discount.fill('12,5');
    await page.getByRole('textbox', { name: /^Administrationsavgift/ }).fill('25');
    await addTags(page, /^Kunder/, ['1001', '1002', '2001']);
    await snap(page, 'segments-customer-create');

    // The server refuses the customer already in "Seniorer", on the customers field.
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('2001 finns redan i segmentet Seniorer').waitFor();
    expect(pathOf(page)).toBe('/dashboard/acounting/customers/segment/create');

    // Backspace in the empty input removes the last tag (2001); saving then creates the segment
    // and opens it for editing.
    await page.getByRole('textbox', { name: /^Kunder/ }).press('Backspace');
    await page.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Kundsegmentet Juniorer har skapats');
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    await page.getByRole('heading', { name: 'Redigera kundsegment' }).waitFor();
    await eventually(async () => expect(await page.getByRole('textbox', { name: /^Namn/ }).inputValue()).toBe('Juniorer'));
    expect(await page.getByRole('textbox', { name: /^Rabatt/ }).inputValue()).toBe('12,5 %');
    expect(await page.getByRole('textbox', { name: /^Administrationsavgift/ }).inputValue()).toBe('25 kr');
    expect(await page.getByRole('switch', { name: 'Återkommande fakturering' }).isChecked()).toBe(true);
    const editPath = pathOf(page);

    // A name another segment has (whatever the case) is refused on the name field.
    await page.getByRole('textbox', { name: /^Namn/ }).fill('seniorer');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Det finns redan ett segment med det namnet').waitFor();
    await page.getByRole('textbox', { name: /^Namn/ }).fill('Juniorer 2026');
    await page.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Kundsegmentet Juniorer 2026 har sparats');
    await snap(page, 'segments-customer-edit');

    // Deleting asks first; cancelling keeps the segment.
    await page.getByRole('button', { name: 'Ta bort' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ta bort kundsegment' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Juniorer 2026');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe(editPath);
    await page.getByRole('button', { name: 'Ta bort' }).click();
    await dialog.getByRole('button', { name: 'Ta bort' }).click();
    await toast(page, 'Kundsegmentet Juniorer 2026 har tagits bort');
    await page.waitForURL((url) => url.pathname === '/dashboard/acounting/customers' && url.search === '?tab=segments');

    // The deleted segment's address now leads to the 404 page.
    await page.goto(editPath);
    await page.waitForURL((url) => url.pathname === '/error-404');
  });

  it('creates an article segment with its defaults and refuses a malformed sales account', async () => {
    const owner = await registerOwnerViaApi('artsegments');
    await loginThroughForm(page, owner);
    await page.goto('/dashboard/acounting/article/segment/create');
    await page.getByRole('heading', { name: 'Nytt artikelsegment' }).waitFor();

    await page.getByRole('textbox', { name: /^Namn/ }).fill('Greenfee');
    await page.getByRole('textbox', { name: /^Momssats/ }).click();
    await page.getByRole('option', { name: '6 %' }).click();
    const account = page.getByRole('textbox', { name: /^Försäljningskonto/ });
    await account.fill('30');
    await page.getByRole('textbox', { name: /^Kostnadsställe/ }).fill('BANA');
    await addTags(page, /^Artiklar/, ['GF18', 'GF9']);
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText(/exakt 4 siffror/).waitFor();

    await account.fill('3002');
    await page.getByRole('button', { name: 'Spara' }).click();
    await toast(page, 'Artikelsegmentet Greenfee har skapats');
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    await eventually(async () => expect(await page.getByRole('textbox', { name: /^Momssats/ }).inputValue()).toBe('6 %'));
    expect(await page.getByRole('textbox', { name: /^Försäljningskonto/ }).inputValue()).toBe('3002');
    await snap(page, 'segments-article-edit');

    // The segment info call answers what the page saved.
    const id = pathOf(page).split('/').pop() as string;
    const info = await apiCall<{ articleNumbers: string[]; articleCount: number; vatRate: number }>(
      'GET',
      `segments/info/articles/${id}`,
      undefined,
      owner.accessToken,
    );
    expect(info).toMatchObject({ articleNumbers: ['GF9', 'GF18'], articleCount: 2, vatRate: 6 });

    await page.getByRole('button', { name: 'Ta bort' }).click();
    await page.getByRole('dialog', { name: 'Ta bort artikelsegment' }).getByRole('button', { name: 'Ta bort' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/acounting/article');
  });
});
