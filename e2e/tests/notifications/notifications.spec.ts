import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { apiCall, loginThroughForm, registerOwnerViaApi, reloadUntilVisible, uniqueEmail } from '../auth/helpers';

/**
 * Inviting a user notifies the organisation's Owners and is written to the event log: the Owner
 * sees it under the bell, marks it read, and finds the invitation in the event log.
 */
describe('notifications and the event log', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('an invitation rings the Owner’s bell and is listed in the event log', async () => {
    const owner = await registerOwnerViaApi('bell');
    const invitedEmail = uniqueEmail('invited');
    await apiCall('POST', 'users/invite', { name: 'Greta Golfsson', email: invitedEmail, role: 'Staff' }, owner.accessToken);

    await loginThroughForm(page, owner);
    const bell = page.getByRole('button', { name: 'Aviseringar, 1 oläst' });
    await bell.waitFor({ timeout: 60_000 });
    await bell.click();

    const drawer = page.getByRole('dialog', { name: 'Aviseringar' });
    await drawer.waitFor();
    const item = drawer.getByRole('listitem').filter({ hasText: 'Ny användare inbjuden' });
    await item.waitFor();
    expect(await item.textContent()).toContain(`Greta Golfsson (${invitedEmail})`);
    // Let the drawer finish sliding in before the picture is taken.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await snap(page, 'notifications-unread');

    await item.getByRole('button', { name: 'Markera som läst: Ny användare inbjuden' }).click();
    await page.getByRole('button', { name: 'Aviseringar', exact: true }).waitFor();
    await item.getByRole('button', { name: 'Markera som oläst: Ny användare inbjuden' }).waitFor();

    await drawer.getByText('Olästa', { exact: true }).click();
    await drawer.getByText('Inga olästa aviseringar').waitFor();
    await drawer.getByText('Lästa', { exact: true }).click();
    await drawer.getByRole('listitem').filter({ hasText: 'Ny användare inbjuden' }).waitFor();
    await snap(page, 'notifications-read');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.goto('/dashboard/configuration/eventLog');
    await page.getByRole('heading', { level: 1, name: 'Händelselogg' }).waitFor();
    const table = page.getByRole('table', { name: 'Händelser' });
    const row = table.getByRole('row').filter({ hasText: 'bjöd in Greta Golfsson' });
    await row.waitFor({ timeout: 60_000 });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe('Användare');
    expect(cells[3]).toBe(`Eva Testsson bjöd in Greta Golfsson (${invitedEmail}) med rollen Personal`);
    expect(cells[5]).toBe('INFO');
    await snap(page, 'event-log');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'event-log-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // The invitation e-mail's delivery is logged too, by the e-mail job.
    await reloadUntilVisible(
      page,
      table.getByRole('row').filter({ hasText: invitedEmail }).filter({ hasText: 'SUCCESS' }).first(),
      120_000,
    );

    // Filters: no ERROR events in a fresh organisation.
    await page.getByRole('textbox', { name: 'Typ' }).click();
    await page.getByRole('option', { name: 'ERROR' }).click();
    await page.getByRole('heading', { name: 'Inga händelser matchar filtren' }).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('ERROR');

    // The general route shows the same log.
    await page.goto('/dashboard/event-log');
    await page.getByRole('table', { name: 'Händelser' }).getByRole('row').filter({ hasText: 'bjöd in Greta Golfsson' }).waitFor();
  });
});
