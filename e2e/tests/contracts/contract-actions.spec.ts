import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER } from '../auth/helpers';

const LIST = '/dashboard/acounting/contracts';
const EDIT_PATH = /^\/dashboard\/acounting\/contracts\/edit\/[0-9a-f-]{36}$/;
const INVOICE_PATH = /^\/dashboard\/acounting\/invoices\/edit\/[0-9a-f-]{36}$/;

/** The toast with `text` (`TOAST_MS`). */
async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** A date some days from today, as the date inputs take it and the pages show it (sv). */
function daysAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(date);
}

/**
 * A new contract of the demo club account (starting today, so active), made through the create
 * page, and its page opened from the list; answers its number. Each test changes only its own.
 */
async function createContract(page: Page, text: string): Promise<string> {
  await page.goto(`${LIST}/create`);
  await page.getByRole('heading', { level: 1, name: 'Nytt avtal' }).waitFor();
  await page.getByRole('textbox', { name: /^Kund/ }).click();
  await page.getByRole('textbox', { name: /^Kund/ }).fill('1001');
  await page.getByRole('option', { name: /^1001 – / }).click();
  await page.getByRole('textbox', { name: /^Avtalslängd/ }).fill('12');
  // A contract row needs an article (Fortnox has no text rows on contracts): picked by name.
  const article = page.getByRole('textbox', { name: 'Artikel, rad 1' });
  await article.click();
  await article.fill('Skåphyra');
  await page.getByRole('option', { name: '131 – Skåphyra' }).click();
  await page.getByRole('textbox', { name: 'Benämning, rad 1' }).fill(text);
  await page.getByRole('textbox', { name: 'À-pris, rad 1' }).fill('1200');
  await page.getByRole('button', { name: 'Skapa avtal' }).click();
  const created = page.getByRole('alert').filter({ hasText: /^Avtal \d+ med .+ har skapats/ });
  await created.first().waitFor();
  const number = /^Avtal (\d+) med/.exec((await created.first().textContent()) ?? '')?.[1];
  if (!number) throw new Error('The toast names no contract number');
  await page.waitForURL((url) => url.pathname === LIST);

  await page.goto(`${LIST}?search=${number}`);
  const link = page.getByRole('table', { name: 'Avtal' }).getByRole('link', { name: new RegExp(`^Öppna avtal ${number} `) });
  await link.waitFor({ timeout: 60_000 });
  await link.click();
  await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
  await page.getByText(`Avtal ${number} med`).first().waitFor();
  return number;
}

const summaryOf = (page: Page) => page.getByRole('group', { name: 'Avtalets läge' });

/** The items of the "Åtgärder" menu, by name (the menu is closed again afterwards). */
async function menuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Åtgärder' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const names = (await menu.getByRole('menuitem').allTextContents()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return names;
}

async function choose(page: Page, item: string) {
  await page.getByRole('button', { name: 'Åtgärder' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Contract actions (docs/accounting-data.md#contracts) beyond tags and price changes (contracts.spec.ts): an invoice of
 * the next period made from a contract and found among the invoices, a cancellation scheduled
 * (a past date refused first), and terminating at once, after which only tags are offered.
 */
describe('contract actions', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('creates an invoice from a contract after confirmation, and the invoice is in the invoices list', {
    timeout: 300_000,
  }, async () => {
    await loginThroughForm(page, OWNER);
    const number = await createContract(page, `Årsavgift e2e ${Date.now().toString(36)}`);
    await summaryOf(page).getByText('Aktivt', { exact: true }).waitFor();
    expect(await menuItems(page)).toContain('Skapa faktura');

    await choose(page, 'Skapa faktura');
    const confirm = page.getByRole('dialog', { name: `Skapa faktura från avtal ${number}?` });
    await confirm.getByText('skapar fakturan för avtalets nästa period').waitFor();
    await confirm.getByRole('button', { name: 'Skapa fakturan' }).click();
    const done = page.getByRole('alert').filter({ hasText: /^Faktura \d+ har skapats\.$/ });
    await done.first().waitFor();
    const invoice = /^Faktura (\d+)/.exec((await done.first().textContent()) ?? '')?.[1] ?? '';
    expect(invoice).toMatch(/^\d+$/);
    // The page keeps a note of it with a link, until closed.
    const open = page.getByRole('link', { name: `Öppna faktura ${invoice}` });
    await open.waitFor();
    await snap(page, 'contract-invoice-created');

    // The invoices list has it, for the contract's customer, and its page says where it came from.
    await page.goto(`/dashboard/acounting/invoices?search=${invoice}`);
    const row = page
      .getByRole('table', { name: 'Fakturor' })
      .getByRole('link', { name: new RegExp(`^Öppna faktura ${invoice} `) });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getAttribute('aria-label')).toMatch(new RegExp(`^Öppna faktura ${invoice} .+`));
    await row.click();
    await page.waitForURL((url) => INVOICE_PATH.test(url.pathname));
    await page.getByText(`Från avtal ${number}`).waitFor();
    await page
      .getByText(new RegExp(`^Faktura ${invoice} till `))
      .first()
      .waitFor();
    // One period of the contract: 1 200 kr + 25 % VAT.
    await eventually(async () =>
      expect((await page.getByTestId('invoice-balance').textContent())?.replace(/\s/g, ' ')).toBe('Saldo 1 500 kr'),
    );
  });

  it('schedules a cancellation (a past date refused), then terminates at once; a terminated contract offers only tags', {
    timeout: 300_000,
  }, async () => {
    await loginThroughForm(page, OWNER);
    const number = await createContract(page, `Sponsring e2e ${Date.now().toString(36)}`);
    await summaryOf(page).getByText('Aktivt', { exact: true }).waitFor();

    await choose(page, 'Schemalägg uppsägning');
    const dialog = page.getByRole('dialog', { name: `Schemalägg uppsägning av avtal ${number}` });
    const date = dialog.getByLabel(/^Uppsägningsdatum/);
    await date.fill(daysAhead(-2));
    await dialog.getByRole('button', { name: 'Schemalägg uppsägningen' }).click();
    await dialog.getByText('Välj dagens datum eller ett senare').waitFor();
    const cancelOn = daysAhead(30);
    await date.fill(cancelOn);
    await dialog.getByRole('button', { name: 'Schemalägg uppsägningen' }).click();
    await toast(page, `Avtal ${number} sägs upp ${cancelOn}.`);
    await summaryOf(page).getByText(`Sägs upp ${cancelOn}`).waitFor();
    // Still active until then; the cancellation can be changed or taken away.
    await summaryOf(page).getByText('Aktivt', { exact: true }).waitFor();
    const scheduled = await menuItems(page);
    expect(scheduled).toContain('Ändra uppsägningsdatum');
    expect(scheduled).toContain('Ta bort uppsägningen');
    await snap(page, 'contract-cancellation-scheduled');

    // Reloaded, the date is still there (kept by the portal, not only in the page).
    await page.reload();
    await summaryOf(page).getByText(`Sägs upp ${cancelOn}`).waitFor();

    await choose(page, 'Säg upp nu');
    const confirm = page.getByRole('dialog', { name: `Säga upp avtal ${number}?` });
    await confirm.getByText('Det går inte att ångra.').waitFor();
    await confirm.getByRole('button', { name: 'Säg upp avtalet' }).click();
    await toast(page, `Avtal ${number} har sagts upp.`);
    await summaryOf(page).getByText('Uppsagt', { exact: true }).waitFor();
    await eventually(async () =>
      expect(
        await summaryOf(page)
          .getByText(/^Sägs upp /)
          .count(),
      ).toBe(0),
    );
    expect(await menuItems(page)).toEqual(['Taggar']);
    await snap(page, 'contract-terminated');

    // The list's "terminated" tab has it.
    await page.goto(`${LIST}?status=terminated&search=${number}`);
    await page
      .getByRole('table', { name: 'Avtal' })
      .getByRole('link', { name: new RegExp(`^Öppna avtal ${number} `) })
      .waitFor({ timeout: 60_000 });
  });
});
