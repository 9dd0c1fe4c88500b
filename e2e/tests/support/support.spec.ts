import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest, waitForMail } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, pathOf, uniqueEmail } from '../auth/helpers';

const SUPPORT = '/dashboard/help/support';

async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Support (docs/help.md#contact, docs/help.md#support): the public contact form refusing bad input and then confirming by e-mail,
 * the launch signup (twice), a ticket opened about a member from the member's page and seen in
 * the club's list and the member's support history, and 1.5 support hours bought.
 */
describe('support', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('contact form: bad input gets field messages, good input a confirmation and an e-mail', async () => {
    const email = uniqueEmail('kontakt');
    await page.goto('/contact-us');
    await page.getByRole('heading', { level: 1, name: 'Kontakta oss' }).waitFor();
    await page.getByText('Vi svarar inom 48 timmar.', { exact: false }).first().waitFor();
    const form = page.getByRole('form', { name: 'Kontaktformulär' });

    // Nothing filled but a bad address and a bad phone: every message is on its field, nothing is sent.
    await form.getByRole('textbox', { name: /^E-post/ }).fill('karin@');
    await form.getByRole('textbox', { name: /^Telefon/ }).fill('12');
    // Leaving the field shows its message first, so the button does not move under the click.
    await page.keyboard.press('Tab');
    await form.getByText('Ogiltigt telefonnummer').waitFor();
    await form.getByRole('button', { name: 'Skicka meddelandet' }).click();
    await form.getByText('Fältet e-post måste vara en giltig e-postadress').waitFor();
    await form.getByText('Ogiltigt telefonnummer').waitFor();
    await snap(page, 'support-contact-errors');
    await form.getByText('Du behöver godkänna att vi kontaktar dig om ditt ärende').waitFor();
    expect(await form.getByRole('textbox', { name: /^Namn/ }).getAttribute('aria-invalid')).toBe('true');
    await snap(page, 'support-contact-errors');

    await form.getByRole('textbox', { name: /^Namn/ }).fill('Karin Holm');
    await form.getByRole('textbox', { name: /^E-post/ }).fill(email);
    await form.getByRole('textbox', { name: /^Telefon/ }).fill('070-174 06 45');
    await form.getByRole('textbox', { name: 'Klubb eller organisation' }).fill('Lunds Akademiska GK');
    await form.getByRole('textbox', { name: /^Ämne/ }).fill('Demo av portalen');
    await form.getByRole('textbox', { name: /^Meddelande/ }).fill('Vi vill se hur medlemsfakturorna skapas från GIT.');
    await form.getByRole('checkbox', { name: /Jag godkänner/ }).check();
    await form.getByRole('button', { name: 'Skicka meddelandet' }).click();

    const done = page.getByRole('status').filter({ hasText: 'Tack, vi har fått ditt meddelande' });
    await done.waitFor();
    await done.getByText(`En bekräftelse är på väg till ${email}. Vi svarar dig inom 48 timmar.`).waitFor();
    await snap(page, 'support-contact-sent');
    const mail = await waitForMail(email, /Vi har tagit emot ditt meddelande/);
    expect(mail.text).toContain('svarar dig inom 48 timmar');
    expect(mail.text).toContain('Vi vill se hur medlemsfakturorna skapas från GIT.');
  }, 90_000);

  it('launch signup: confirmed by e-mail, and a second signup is told it is already on the list', async () => {
    const email = uniqueEmail('lansering');
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Anmälan om lanseringsbesked' });
    await form.getByRole('button', { name: 'Meddela mig' }).click();
    await form.getByText('Detta fält är obligatoriskt').waitFor();

    await form.getByRole('textbox', { name: /^E-post/ }).fill(email);
    await form.getByRole('textbox', { name: 'Namn' }).fill('Nils');
    await form.getByRole('button', { name: 'Meddela mig' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Vi har skickat en bekräftelse till ${email}` })
      .waitFor();
    const mail = await waitForMail(email, /Du står på listan/);
    expect(mail.text.startsWith('Hej Nils!')).toBe(true);

    await form.getByRole('textbox', { name: /^E-post/ }).fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Meddela mig' }).click();
    await form.getByRole('status').filter({ hasText: 'står redan på listan' }).waitFor();
  }, 90_000);

  it('opens a ticket about a member and sees it in the list and in the member’s support history', async () => {
    const subject = `Fel saldo ${Date.now().toString(36)}`;
    await loginThroughForm(page, OWNER);

    // From the member's support history…
    await page.goto('/dashboard/golfrelated/members');
    const table = page.getByRole('table', { name: 'Medlemmar' });
    const first = table.getByRole('link').first();
    await first.waitFor();
    // The list writes "Lastname, Firstname"; tickets and the picker write "Firstname Lastname".
    const [lastname, firstname] = ((await first.textContent()) ?? '').split(', ');
    const memberName = `${firstname} ${lastname}`;
    await first.click();
    await eventually(async () => expect(pathOf(page)).toMatch(/\/members\/detail\//));
    await page.getByRole('heading', { level: 1, name: memberName }).waitFor();
    await page.getByRole('tab', { name: 'Supporthistorik' }).click();
    await page.getByRole('link', { name: 'Skicka supportärende om medlemmen' }).click();

    // …to the support page with the member chosen.
    await eventually(async () => expect(pathOf(page)).toMatch(/^\/dashboard\/help\/support\?member=[0-9a-f-]{36}$/));
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    const ticketForm = page.getByRole('form', { name: 'Skicka ett supportärende' });
    const memberField = ticketForm.getByRole('textbox', { name: 'Gäller medlem' });
    await eventually(async () => expect(await memberField.inputValue()).toContain(memberName));

    // A message that is too short is refused before sending.
    await ticketForm.getByRole('textbox', { name: /^Ämne/ }).fill(subject);
    await ticketForm.getByRole('textbox', { name: /^Meddelande/ }).fill('Hjälp!');
    await ticketForm.getByRole('button', { name: 'Skicka ärendet' }).click();
    await ticketForm.getByText('Fältet meddelande måste vara minst 10 tecken').waitFor();

    await ticketForm.getByRole('textbox', { name: /^Meddelande/ }).fill('Saldot visar 1 200 kr fast allt är betalt.');
    await ticketForm.getByRole('button', { name: 'Skicka ärendet' }).click();
    await toast(page, /Ärende \d+ är skickat/);
    const list = page.getByRole('region', { name: 'Klubbens supportärenden' });
    const ticket = list.getByRole('article').filter({ hasText: subject });
    await ticket.waitFor();
    await ticket.getByText(`Medlem: ${memberName}`, { exact: false }).waitFor();
    await snap(page, 'support-ticket-list');
    await waitForMail(OWNER.email, /vi har tagit emot ärende \d+/);

    // Back on the member: the ticket is in the support history.
    await page.goBack();
    await page.getByRole('tab', { name: 'Supporthistorik' }).click();
    await page.getByText(new RegExp(`Supportärende \\d+ från .+: ${subject}`)).waitFor();
    await snap(page, 'support-member-history');
  }, 120_000);

  it('buys 1.5 support hours: live price, confirmation dialog, 2 250 kr ex VAT and the billing link', async () => {
    await loginThroughForm(page, OWNER);
    await page.goto(SUPPORT);
    const hours = page.getByRole('textbox', { name: /^Antal timmar/ });
    await hours.fill('0');
    await page.getByRole('button', { name: 'Köp supporttimmar', exact: true }).click();
    await page.getByText('Ange fler än 0 timmar').waitFor();

    await hours.fill('1,5');
    await eventually(async () =>
      expect(await page.getByTestId('support-hours-ex-vat').first().textContent()).toMatch(/^2\s250\skr$/),
    );
    await page.getByRole('button', { name: 'Köp supporttimmar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bekräfta köpet' });
    await dialog.getByText('Du köper 1,5 timmar personlig support.').waitFor();
    await dialog.getByText(/2\s812,50\skr/).waitFor();
    await snap(page, 'support-hours-confirm');
    await dialog.getByRole('button', { name: 'Bekräfta köpet' }).click();

    const confirmed = page.getByRole('status').filter({ hasText: 'Tack för ditt köp' });
    await confirmed.waitFor();
    await confirmed.getByText(/1,5 timmar för 2\s250\skr exkl\. moms \(2\s812,50\skr inkl\. moms\)/).waitFor();
    const mail = await waitForMail(OWNER.email, /Orderbekräftelse: 1,5 timmar personlig support/);
    expect(mail.text).toMatch(/Belopp exkl\. moms: 2\s250\skr/);
    await confirmed.getByRole('link', { name: 'Visa fakturor' }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('tab')).toBe('billing'));
  }, 120_000);
});
