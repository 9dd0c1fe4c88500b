import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { loginThroughForm, registerOwnerViaApi } from '../auth/helpers';

/** A call from inside the page with the session the app itself stored, as the app would make it. */
async function callInPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          'Accept-Language': 'sv',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

describe('subscription and billing', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('an Owner upgrades (pending, repeat blocked) and downloads a billing as PDF', async () => {
    const owner = await registerOwnerViaApi('subscription');
    await loginThroughForm(page, owner);

    // The user dropdown's "subscription" entry lands on the Subscription tab.
    await page.goto('/dashboard/configuration/settings?tab=subscription');
    await page.getByRole('heading', { level: 1, name: 'Inställningar och abonnemang' }).waitFor();
    const current = page.getByTestId('current-package');
    await current.getByRole('heading', { name: 'Small' }).waitFor();
    expect(await current.textContent()).toContain('upp till 200 fakturor/månad');
    expect(await page.getByTestId('usage-users').textContent()).toContain('1 av 3');
    expect(await page.getByTestId('usage-club-accounts').textContent()).toContain('1 av 1');

    const standard = page.getByTestId('package-standard');
    await standard.getByRole('button', { name: 'Uppgradera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uppgradera till Standard?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Uppgradera' }).click();
    await page.getByText('Begäran om Standard är skickad och väntar.').waitFor();

    const pending = page.getByTestId('pending-requests');
    await pending.getByText('Uppgradering till Standard').waitFor();
    const pendingButton = standard.getByRole('button', { name: 'Begäran väntar' });
    await pendingButton.waitFor();
    expect(await pendingButton.isDisabled()).toBe(true);
    await snap(page, 'subscription-upgrade-pending');

    // The server refuses a repeat for the same package, whatever the page shows.
    const subscription = await callInPage(page, 'GET', 'subscriptions');
    const id = (subscription.json.data as { id: string }).id;
    const repeat = await callInPage(page, 'PUT', `subscriptions/update_package/${id}/`, { packageId: 'standard' });
    expect(repeat.status).toBe(400);
    expect(repeat.json.message).toBe('Det finns redan en väntande begäran om byte till paketet Standard');

    // Billing tab: the first billing of the signup, downloadable as a PDF.
    await page.getByRole('tab', { name: 'Fakturering', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'billing');
    const table = page.getByTestId('billings-table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const number = (await rows.first().locator('td').first().textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d+$/);
    await snap(page, 'billing-list');

    const billings = await callInPage(page, 'GET', 'billings');
    const billingId = (billings.json.data as { id: string }[])[0]?.id;
    const pdf = await page.evaluate(async (billingId) => {
      const response = await fetch(`/api/v1/billings/${billingId}/download/`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        head: String.fromCharCode(...bytes.slice(0, 5)),
        size: bytes.length,
      };
    }, billingId);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(pdf.size).toBeGreaterThan(1000);

    const download = page.waitForEvent('download');
    await rows
      .first()
      .getByRole('button', { name: `Ladda ner faktura ${number} som PDF` })
      .click();
    expect((await download).suggestedFilename()).toBe(`faktura-${number}.pdf`);
    await page.getByText(`Faktura ${number} är nedladdad.`).waitFor();

    // The billing details tab shows the form with the organisation's details.
    await page.getByRole('tab', { name: 'Faktureringsuppgifter' }).click();
    await page.getByLabel(/^Organisationsnummer/).waitFor();
  });

  it('an Owner reaches the tabs from the user menu, downgrades and cancels with a reason', async () => {
    const owner = await registerOwnerViaApi('cancel');
    await loginThroughForm(page, owner);

    await page.getByRole('button', { name: /^Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Faktureringsuppgifter' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/configuration/settings' && url.searchParams.get('tab') === 'billingDetails',
    );
    await page.getByLabel(/^Organisationsnummer/).fill('556036-0794');
    await page.getByLabel(/^Fakturaadress/).fill('Klubbhusvägen 1');
    await page.getByLabel(/^Postnummer/).fill('753 20');
    await page.getByLabel(/^Ort/).fill('Uppsala');
    await page.getByLabel(/^Land/).fill('Sverige');
    await page.getByLabel(/^E-post för fakturor/).fill('ekonomi@e2e.fairway.test');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Ogiltigt organisationsnummer', { exact: false }).first().waitFor();
    await page.getByLabel(/^Organisationsnummer/).fill('556036-0793');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Faktureringsuppgifterna är sparade.').waitFor();

    await page.getByRole('button', { name: /^Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Abonnemang' }).click();
    await page.getByTestId('current-package').waitFor();

    // Small → Free fits (one user, one club account): a plain confirmation.
    await page.getByTestId('package-free').getByRole('button', { name: 'Nedgradera' }).click();
    const downgrade = page.getByRole('dialog', { name: 'Nedgradera till Free?' });
    await downgrade.getByRole('button', { name: 'Nedgradera' }).click();
    await page.getByTestId('pending-requests').getByText('Nedgradering till Free').waitFor();

    await page.getByRole('button', { name: 'Säg upp abonnemanget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Säg upp abonnemanget' });
    await dialog.getByRole('button', { name: 'Säg upp', exact: true }).click();
    await dialog.getByText('Välj en anledning').waitFor();
    await dialog.getByRole('radio', { name: 'För dyrt' }).check();
    await dialog.getByRole('button', { name: 'Säg upp', exact: true }).click();
    await page.getByTestId('pending-requests').getByText('Uppsägning av abonnemanget (För dyrt)').waitFor();
    expect(await page.getByRole('button', { name: 'Säg upp abonnemanget' }).isDisabled()).toBe(true);
    await snap(page, 'subscription-cancel-pending');
  });

  it('a non-Owner sees the spec message instead of the buttons', async () => {
    await loginThroughForm(page, { email: 'other@demo.fairway.se', password: 'Fairway!Other1' });
    await page.goto('/dashboard/configuration/settings');
    const message = page.getByTestId('only-owner');
    await message.waitFor();
    expect((await message.textContent())?.trim()).toBe(
      'Endast användare med rollen Ägare kan uppgradera/nedgradera/avsluta ett abonnemang',
    );
    await page.getByTestId('package-plus').waitFor();
    expect(await page.getByTestId('package-plus').getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Säg upp abonnemanget' }).count()).toBe(0);
    // Billing is not for this role: only the Subscription tab is offered.
    expect(await page.getByRole('tab').count()).toBe(1);
    await snap(page, 'subscription-non-owner');
  });
});
