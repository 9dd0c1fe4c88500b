import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER } from '../auth/helpers';

const LIST = '/dashboard/acounting/invoices';
const EDIT_PATH = /^\/dashboard\/acounting\/invoices\/edit\/[0-9a-f-]{36}$/;

/** The toast with `text` (`TOAST_MS`). */
async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * A new invoice to customer 1001 (a private member with an e-mail address in the demo Fortnox),
 * made through the create page; answers its number once its own page is open.
 */
async function createInvoice(page: Page, text: string): Promise<string> {
  await page.goto(`${LIST}/create`);
  await page.getByRole('heading', { level: 1, name: 'Ny faktura' }).waitFor();
  await page.getByRole('textbox', { name: /^Kund/ }).click();
  await page.getByRole('textbox', { name: /^Kund/ }).fill('1001');
  await page.getByRole('option', { name: /^1001 – / }).click();
  await page.getByRole('textbox', { name: 'Benämning, rad 1' }).fill(text);
  await page.getByRole('textbox', { name: 'À-pris exkl. moms, rad 1' }).fill('300');
  await page.getByRole('button', { name: 'Skapa faktura' }).click();
  // The create shares the company's 25 requests per 5 s with the refreshes of every club account
  // linked to the demo company, but a person's requests go first.
  await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
  await page.getByRole('heading', { level: 1, name: 'Redigera faktura' }).waitFor();
  const description = page.getByText(/^Faktura \d+ till /).first();
  await description.waitFor();
  const number = /^Faktura (\d+) till /.exec((await description.textContent()) ?? '')?.[1];
  if (!number) throw new Error('The new invoice page names no invoice number');
  return number;
}

const actionsOf = (page: Page) => page.getByRole('group', { name: 'Fakturaåtgärder' });
const summaryOf = (page: Page) => page.getByRole('group', { name: 'Fakturans status' });

/** The buttons the actions bar offers, by name. */
async function offered(page: Page): Promise<string[]> {
  return (await actionsOf(page).getByRole('button').allTextContents()).map((name) => name.trim());
}

async function book(page: Page, number: string) {
  await actionsOf(page).getByRole('button', { name: 'Bokför' }).click();
  await page
    .getByRole('dialog', { name: `Bokför faktura ${number}` })
    .getByRole('button', { name: 'Bokför' })
    .click();
  await toast(page, `Faktura ${number} bokförd`);
  await page.getByText(/Fakturan är bokförd och kan inte ändras/).waitFor();
}

/**
 * The invoice actions (docs/invoices.md#states) beyond booking and payment (invoices.spec.ts), on the demo club
 * account's simulated Fortnox: sending in each way the program accepts (and its refusal of an
 * e-invoice to a private member), cancelling, crediting, and each action offered only in the
 * states that allow it — with the server's refusal when a second tab still offers a spent one.
 */
describe('invoice actions', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('sends by e-mail after an e-invoice is refused, then by external print, and the event log records both', {
    timeout: 240_000,
  }, async () => {
    await loginThroughForm(page, OWNER);
    const number = await createInvoice(page, `Lektion e2e ${Date.now().toString(36)}`);
    // Sending is offered before booking too (any invoice not cancelled can be sent).
    // The actions bar draws once the page has the invoice, which may follow its heading.
    await eventually(async () => expect(await offered(page)).toContain('Skicka'));

    const dialog = page.getByRole('dialog', { name: `Skicka faktura ${number}` });
    const method = dialog.getByRole('textbox', { name: 'Utskickssätt' });
    await actionsOf(page).getByRole('button', { name: 'Skicka' }).click();
    // The member's own way (e-mail) comes chosen.
    await eventually(async () => expect(await method.inputValue()).toBe('E-post'));

    // A private member cannot take an e-invoice: the program's refusal stays in the dialog.
    await method.click();
    await page.getByRole('option', { name: 'E-faktura', exact: true }).click();
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Kunden kan inte ta emot e-faktura' }).waitFor();
    await snap(page, 'invoice-send-einvoice-refused');
    expect(await dialog.isVisible()).toBe(true);

    await method.click();
    await page.getByRole('option', { name: 'E-post', exact: true }).click();
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await toast(page, `Faktura ${number} skickad (E-post)`);
    await dialog.waitFor({ state: 'hidden' });
    // The invoice now says it is sent, and how, as Fortnox does.
    await summaryOf(page).getByText('Skickad (E-post)', { exact: true }).waitFor();

    await actionsOf(page).getByRole('button', { name: 'Skicka' }).click();
    await method.click();
    await page.getByRole('option', { name: 'Extern utskrift', exact: true }).click();
    await dialog.getByRole('button', { name: 'Skicka' }).click();
    await toast(page, `Faktura ${number} skickad (Extern utskrift)`);
    await dialog.waitFor({ state: 'hidden' });
    await summaryOf(page).getByText('Skickad (Extern utskrift)', { exact: true }).waitFor();
    // The invoice now goes out the way it was last sent: that way comes chosen next time.
    await actionsOf(page).getByRole('button', { name: 'Skicka' }).click();
    await eventually(async () => expect(await method.inputValue()).toBe('Extern utskrift'));
    await dialog.getByRole('button', { name: 'Avbryt' }).click();

    // So does its row in the list.
    await page.goto(`${LIST}?search=${number}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Öppna faktura ${number} `, exact: false }) });
    await row.getByText('Skickad (Extern utskrift)', { exact: true }).waitFor();

    // The event log names who sent it and how, newest first.
    await page.goto('/dashboard/event-log');
    await page.getByRole('heading', { level: 1, name: 'Händelselogg' }).waitFor();
    const log = page.getByRole('table', { name: 'Händelser' });
    const sent = (how: string) => log.getByRole('row').filter({ hasText: `skickade faktura ${number} (${how})` });
    await sent('extern utskrift').first().waitFor({ timeout: 60_000 });
    await sent('e-post').first().waitFor();
    expect(await sent('e-faktura').count()).toBe(0);
    await snap(page, 'invoice-sent-event-log');
  });

  it('cancels an unbooked invoice after confirmation; its actions are gone and a second tab is refused', {
    timeout: 240_000,
  }, async () => {
    await loginThroughForm(page, OWNER);
    const number = await createInvoice(page, `Makulering e2e ${Date.now().toString(36)}`);
    const url = page.url();
    // Unbooked: changed, booked, sent or cancelled, but not credited nor paid.
    await eventually(async () =>
      expect(await offered(page)).toEqual(['Bokför', 'Skicka', 'Makulera', 'Visa PDF', 'Ladda ner PDF']),
    );

    // A second tab on the same invoice, still offering what it offered before the cancel.
    const other = await page.context().newPage();
    await other.goto(url);
    await actionsOf(other).getByRole('button', { name: 'Bokför' }).waitFor();

    await actionsOf(page).getByRole('button', { name: 'Makulera' }).click();
    const confirm = page.getByRole('dialog', { name: `Makulera faktura ${number}` });
    await confirm.getByText('makuleras i bokföringsprogrammet').waitFor();
    await confirm.getByRole('button', { name: 'Makulera' }).click();
    await toast(page, `Faktura ${number} makulerad`);
    await summaryOf(page).getByText('Makulerad', { exact: true }).waitFor();
    await page.getByText('Fakturan är makulerad och kan inte ändras.').waitFor();
    // Only the PDF is left; nothing can be saved.
    await eventually(async () => expect(await offered(page)).toEqual(['Visa PDF', 'Ladda ner PDF']));
    expect(await page.getByRole('button', { name: 'Spara' }).count()).toBe(0);
    await snap(page, 'invoice-cancelled');

    // The other tab tries to book it: the portal refuses and says why, in the dialog.
    await actionsOf(other).getByRole('button', { name: 'Bokför' }).click();
    const bookDialog = other.getByRole('dialog', { name: `Bokför faktura ${number}` });
    await bookDialog.getByRole('button', { name: 'Bokför' }).click();
    await bookDialog
      .getByRole('alert')
      .filter({ hasText: `Fakturan ${number} är makulerad; inget mer kan göras med den.` })
      .waitFor();
    await snap(other, 'invoice-cancelled-book-refused');
    await other.close();

    // The list's "cancelled" view has it.
    await page.goto(`${LIST}?kind=cancelled&search=${number}`);
    const table = page.getByRole('table', { name: 'Fakturor' });
    await table.getByRole('link', { name: new RegExp(`^Öppna faktura ${number} `) }).waitFor({ timeout: 60_000 });
  });

  it('credits a booked invoice: the credit note opens, the original shows credited; booked offers no edit or cancel', {
    timeout: 240_000,
  }, async () => {
    await loginThroughForm(page, OWNER);
    const number = await createInvoice(page, `Kreditering e2e ${Date.now().toString(36)}`);
    const originalUrl = page.url();
    await book(page, number);

    // Booked: no change, no cancel (docs/invoices.md#states); credit and payment instead.
    await eventually(async () =>
      expect(await offered(page)).toEqual(['Registrera betalning', 'Skicka', 'Kreditera', 'Visa PDF', 'Ladda ner PDF']),
    );
    expect(await page.getByRole('button', { name: 'Spara' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Benämning, rad 1' }).isEditable()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Faktura');

    await actionsOf(page).getByRole('button', { name: 'Kreditera' }).click();
    const confirm = page.getByRole('dialog', { name: `Kreditera faktura ${number}` });
    await confirm.getByText('En kreditfaktura på hela beloppet skapas').waitFor();
    await confirm.getByRole('button', { name: 'Kreditera' }).click();
    const done = page.getByRole('alert').filter({ hasText: new RegExp(`^Faktura ${number} krediterad med kreditfaktura \\d+`) });
    await done.first().waitFor();
    const creditNumber = /kreditfaktura (\d+)/.exec((await done.first().textContent()) ?? '')?.[1];
    expect(creditNumber).toBeDefined();
    expect(creditNumber).not.toBe(number);

    // The credit note's own page: a credit note of the original, which cannot be credited or paid.
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname) && url.href !== originalUrl);
    await page.getByText(`Kreditering av faktura ${number}`).waitFor();
    await page.getByText(`Faktura ${creditNumber} till `).first().waitFor();
    await summaryOf(page).getByText('Kreditfaktura', { exact: true }).waitFor();
    await eventually(async () => {
      const names = await offered(page);
      expect(names).not.toContain('Kreditera');
      expect(names).not.toContain('Registrera betalning');
      expect(names).not.toContain('Makulera');
    });
    await snap(page, 'invoice-credit-note');

    // The original now says credited and offers crediting no more.
    await page.goto(originalUrl);
    await summaryOf(page).getByText('Krediterad', { exact: true }).waitFor();
    await eventually(async () => expect(await offered(page)).toEqual(['Skicka', 'Visa PDF', 'Ladda ner PDF']));
    await snap(page, 'invoice-credited');
  });
});
