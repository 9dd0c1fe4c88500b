import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, reloadUntilVisible } from '../auth/helpers';

const PAID = '/dashboard/golfrelated/git?tab=paidInvoices';

/** Sets the demo club's API configuration `club_to_sync` through the API, as the signed-in user. */
async function setClubToSync(page: Page, clubAccountId: string | null): Promise<void> {
  const status = await page.evaluate(async (club) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'Content-Type': 'application/json' };
    const current = await (await fetch('/api/v1/configurations/api', { headers })).json();
    const res = await fetch('/api/v1/configurations/api', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...current.data.values, club_to_sync: club }),
    });
    return res.status;
  }, clubAccountId);
  expect(status).toBe(200);
}

/**
 * Reporting payments to GIT needs the API configuration's "club to sync to". Without it the
 * report's dialog says so, names the setting and links to it; following the link lands on the
 * setting, and once it is set the same report starts and finishes.
 */
describe('report to GIT without a club to sync to', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('says which setting is missing in the dialog, links to it, and reports once it is set', async () => {
    await loginThroughForm(page);
    // The demo starts without one; another spec may have chosen one since.
    await setClubToSync(page, null);
    try {
      await page.goto(PAID);
      await reloadUntilVisible(page, page.getByRole('button', { name: 'Rapportera alla berättigade' }));
      await page.getByRole('button', { name: 'Rapportera alla berättigade' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rapportera betalningar till GIT?' });
      await dialog.getByRole('button', { name: 'Rapportera till GIT' }).click();

      // The refusal is in the dialog, in words, with the way to the setting.
      const alert = dialog.getByRole('alert');
      await alert.getByText('Välj vilken klubb data ska synkas till').waitFor();
      expect(await alert.textContent()).toContain('Rapporteringen kunde inte startas');
      expect(await alert.textContent()).not.toContain('club_to_sync');
      await snap(page, 'git-report-missing-setting');
      const link = alert.getByRole('link', { name: 'Ställ in ”Klubb att synka till” i API-konfiguration' });
      await link.click();

      // The link opens the API configuration with that field focused.
      await page.waitForURL((url) => url.pathname === '/dashboard/settings' && url.searchParams.get('tab') === 'api');
      const club = page.getByRole('textbox', { name: 'Klubb att synka till' });
      await eventually(async () => expect(await club.evaluate((el) => el === document.activeElement)).toBe(true));
      await club.click();
      await page.getByRole('option', { name: 'Fairway Demo GK', exact: true }).click();
      await page.getByRole('button', { name: 'Spara', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'API-konfiguration har sparats' }).first().waitFor();

      // The same report now starts, and its run finishes.
      await page.goto(PAID);
      await page.getByRole('button', { name: 'Rapportera alla berättigade' }).click();
      await dialog.getByRole('button', { name: 'Rapportera till GIT' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .locator('[data-testid="run-progress"]')
        .and(page.locator('[data-status="succeeded"], [data-status="failed"]'))
        .waitFor({ timeout: 300_000 });
      expect(await page.getByTestId('run-progress').getAttribute('data-status')).toBe('succeeded');
      await snap(page, 'git-report-after-setting');
    } finally {
      // Leave the demo as it started for the specs after this one.
      await setClubToSync(page, null);
    }
  }, 420_000);
});
