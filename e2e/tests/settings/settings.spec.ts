import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest, waitForMail } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi } from '../auth/helpers';

/** A 1×1 PNG: the server checks the bytes, not only the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Configuration groups, account settings and integrations (docs/configurations.md): a saved setting survives a
 * reload, a profile image reaches the header avatar, the API form asks for a club to sync to,
 * and an integration request reaches our support's mailbox.
 */
describe('settings', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  const toast = (text: string) => page.locator('.mantine-Notifications-root').getByText(text);

  it('changes the invoice payment terms from the user dropdown, and they stay after a reload', async () => {
    const owner = await registerOwnerViaApi('config');
    await loginThroughForm(page, owner);

    await page.getByRole('button', { name: /^Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Faktura', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings' && url.searchParams.get('tab') === 'invoice');

    const terms = page.getByRole('textbox', { name: 'Betalningsvillkor' });
    await terms.waitFor();
    expect(await terms.inputValue()).toBe('30 dagar');
    await terms.click();
    await page.getByRole('option', { name: '15 dagar', exact: true }).click();
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await toast('Fakturainställningar har sparats').waitFor();
    await snap(page, 'settings-invoice-saved');

    await page.reload();
    await page.getByRole('textbox', { name: 'Betalningsvillkor' }).waitFor();
    await eventually(async () =>
      expect(await page.getByRole('textbox', { name: 'Betalningsvillkor' }).inputValue()).toBe('15 dagar'),
    );
    await expect(page.getByText(/Senast sparad/).isVisible()).resolves.toBe(true);
  });

  it('uploads a profile image and shows it in the header avatar', async () => {
    const owner = await registerOwnerViaApi('avatar');
    await loginThroughForm(page, owner);
    const headerImage = page.getByTestId('header-avatar').locator('img');
    expect(await headerImage.count()).toBe(0);

    await page.getByRole('button', { name: /^Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Profil', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Kontoinställningar' }).waitFor();

    // A file of the wrong type is refused before anything is sent.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hej') });
    await page.getByRole('alert').filter({ hasText: 'Bilden måste vara PNG, JPEG eller WebP' }).waitFor();

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Förhandsvisning av profilbilden' }).waitFor();
    await page.getByRole('button', { name: 'Ladda upp bilden' }).click();
    await toast('Profilbilden har sparats').waitFor();

    await headerImage.waitFor();
    expect(await headerImage.getAttribute('src')).toMatch(/^blob:/);
    await snap(page, 'settings-profile-image');

    // After a reload the image is fetched again with the bearer token.
    await page.reload();
    await page.getByTestId('header-avatar').locator('img').waitFor({ timeout: 60_000 });
  });

  it('asks for a club to sync to when API auto sync is turned on', async () => {
    const owner = await registerOwnerViaApi('apiconf');
    await loginThroughForm(page, owner);
    await page.goto('/dashboard/settings?tab=api');

    await page.getByRole('switch', { name: /Automatisk synkronisering/ }).click({ force: true });
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await page.getByText('Välj vilken klubb data ska synkas till').waitFor();
    await snap(page, 'settings-api-club-required');

    await page.getByRole('textbox', { name: 'Klubb att synka till' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await toast('API-konfiguration har sparats').waitFor();
    expect(await page.getByText('Välj vilken klubb data ska synkas till').count()).toBe(0);
  });

  it('lists the integrations with their status and sends an integration request to support', async () => {
    const owner = await registerOwnerViaApi('integr');
    await loginThroughForm(page, owner);
    await page.goto('/dashboard/configuration/integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrationer' }).waitFor();

    const accounting = page.getByTestId('integration-accounting');
    await accounting.waitFor();
    expect(await accounting.textContent()).toContain('Fortnox');
    expect(await accounting.textContent()).toContain('Inte ansluten');
    // The browser tests run with an SMTP server.
    expect(await page.getByTestId('integration-email').textContent()).toContain('Ansluten');

    await page.getByRole('textbox', { name: 'System' }).click();
    await page.getByRole('option', { name: 'Visma eEkonomi' }).click();
    await page.getByRole('textbox', { name: 'Meddelande' }).fill('Vi byter till Visma eEkonomi till årsskiftet.');
    await page.getByRole('button', { name: 'Skicka förfrågan' }).click();
    await toast('Tack! Vi har tagit emot er förfrågan och återkommer inom 48 timmar.').waitFor();
    await snap(page, 'integrations');

    const mail = await waitForMail('no-reply@fairway.se', /integrationsförfrågan: Visma eEkonomi/);
    expect(mail.text).toContain('Vi byter till Visma eEkonomi till årsskiftet.');
    expect(mail.text).toContain(owner.email);
  });

  it('hides a page from the menu, kept on the account after a reload', async () => {
    const owner = await registerOwnerViaApi('hidden');
    await loginThroughForm(page, owner);
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    const statistics = () => page.locator('#nav-group-accounting').getByRole('link', { name: 'Statistik', exact: true });
    await nav.getByRole('button', { name: 'Bokföringsdata' }).click();
    await statistics().waitFor();

    await page.goto('/dashboard/prototype');
    await page.getByRole('switch', { name: 'Visa Statistik i menyn' }).click({ force: true });
    await toast('Menyn har uppdaterats').waitFor();
    await eventually(async () => expect(await statistics().count()).toBe(0));

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kontoinställningar' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Visa Statistik i menyn' }).isChecked()).toBe(false);
    expect(await statistics().count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('hiddenResource'))).toBe('nav:statistics');
  });
});
