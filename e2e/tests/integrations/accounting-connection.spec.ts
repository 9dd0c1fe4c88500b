import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER } from '../auth/helpers';

const INTEGRATIONS = '/dashboard/configuration/integrations';

/**
 * Connecting the demo club account to Fortnox (docs/accounting.md#connections): from the integrations page to the
 * built-in Fortnox simulator's consent page and back to the public /fortnox page, which
 * completes the connection; and the same page refusing a state that was never issued.
 */
describe('accounting connection', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  const accountingCard = () => page.getByTestId('integration-accounting');
  const statusBadge = () => accountingCard().getByTestId('accounting-status');

  it('connects the demo club account to Fortnox through the consent page and shows it connected', async () => {
    await loginThroughForm(page, OWNER);
    await page.goto(INTEGRATIONS);
    await page.getByRole('heading', { level: 1, name: 'Integrationer' }).waitFor();
    await statusBadge().waitFor();

    // The demo seed may already have connected the club account: disconnect it first (through the
    // same page), and choose the same simulated company again so other tests find their data.
    let company: string | null = null;
    if ((await statusBadge().textContent()) !== 'Inte ansluten') {
      const details = accountingCard().getByTestId('accounting-details');
      if ((await details.count()) > 0) {
        const text = (
          await details.locator('dt', { hasText: 'Företag' }).locator('xpath=following-sibling::dd[1]').allTextContents()
        )[0];
        company = text?.trim() || null;
      }
      await accountingCard().getByRole('button', { name: 'Koppla från' }).click();
      const dialog = page.getByRole('dialog', { name: 'Koppla från Fortnox?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Inga fakturor kan skapas');
      await dialog.getByRole('button', { name: 'Koppla från' }).click();
      await page.locator('.mantine-Notifications-root').getByText('Fortnox är bortkopplat från').waitFor();
      await eventually(async () => expect(await statusBadge().textContent()).toBe('Inte ansluten'));
    }

    await accountingCard().getByRole('button', { name: 'Anslut Fortnox' }).click();

    // The simulator's consent page, on its own origin.
    await page.getByRole('heading', { name: 'Godkänn integration' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl()).origin);
    const tenant = page.getByRole('combobox', { name: 'Företag' });
    if (company) {
      const label = (await tenant.locator('option').allTextContents()).find((option) => option.startsWith(company));
      if (label) await tenant.selectOption({ label });
    }
    const chosen = (await tenant.locator('option:checked').textContent())?.replace(/\s*\([^)]*\)\s*$/, '') ?? '';
    await snap(page, 'integrations-fortnox-consent');
    await page.getByRole('button', { name: 'Godkänn' }).click();

    // Back on the portal's public /fortnox page, which completes the connection.
    await page.waitForURL((url) => url.pathname === '/fortnox', { timeout: 60_000 });
    const success = page.getByTestId('connection-success');
    await success.waitFor({ timeout: 60_000 });
    // The e2e server has no FORTNOX_CLIENT_ID: the confirmation names the simulator, not Fortnox.
    expect(await success.textContent()).toContain(
      `Fairway Demo GK är nu anslutet till portalens simulator av Fortnox (${chosen}), inte till det riktiga Fortnox.`,
    );
    // The spent state is gone from the address.
    expect(new URL(page.url()).search).toBe('');
    await snap(page, 'integrations-fortnox-connected');

    await page.getByRole('link', { name: 'Till Integrationer' }).click();
    await page.waitForURL((url) => url.pathname === INTEGRATIONS);
    await eventually(async () => expect(await statusBadge().textContent()).toBe('Ansluten'), 20_000);
    const card = (await accountingCard().textContent()) ?? '';
    expect(card).toContain(chosen);
    expect(card).toContain('Simulator (demo)Inga data når Fortnox.');
    expect(await accountingCard().getByRole('button', { name: 'Koppla från' }).isVisible()).toBe(true);
    await snap(page, 'integrations-accounting-connected');
  });

  it('refuses a state the portal never issued, with the steps to start again', async () => {
    await page.goto('/fortnox?state=bad&code=x');
    const error = page.getByTestId('connection-error');
    await error.waitFor({ timeout: 60_000 });
    expect(await error.textContent()).toContain('Länken för att ansluta har gått ut eller redan använts.');
    await page.getByText('Tryck på Anslut (eller Anslut igen) för att börja om.').waitFor();
    expect(await page.getByRole('link', { name: 'Till Integrationer' }).getAttribute('href')).toBe(INTEGRATIONS);
    await snap(page, 'integrations-fortnox-bad-state');
  });
});
