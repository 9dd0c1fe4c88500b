import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForFirstRefresh } from '../../fixtures/accounting';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, pathOf } from '../auth/helpers';

/** The value line of a key-figure card on the home page. */
const cardValue = (page: Page, id: string) => page.getByTestId(`stat-${id}`).locator('[data-value]');

/**
 * The dashboard home and the statistics page (docs/accounting-data.md#statistics) on the demo club account, which the seed
 * connects to the Fortnox simulator with a year and more of invoices, payments and contracts.
 */
// The first refresh of the demo company reads every invoice whole at the program's rate limit: on
// a fresh server that alone takes minutes (waitForFirstRefresh gives it 480 s and says what it
// saw), so each test's deadline leaves room for it and for the test itself.
const AFTER_FIRST_REFRESH = 600_000;

describe('statistics', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it(
    'the home page shows the key figures, the SEK chart and the unpaid invoices',
    async () => {
      await loginThroughForm(page, OWNER);
      // The figures come from the portal's copy of the program's data: complete once the first refresh is.
      await waitForFirstRefresh(page);
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Översikt' }).waitFor();

      // Amounts in Swedish format ("12 345 kr"); new members are counted from the member register.
      await eventually(async () => expect(await cardValue(page, 'billedThisMonth').textContent()).toMatch(/^[\d\s\u00a0]+\skr$/));
      expect(await cardValue(page, 'unpaidInvoices').textContent()).toMatch(/^\d+$/);
      // Complete once the refresh has read every invoice whole: a sum, not "—" with "Uppdateras".
      expect(await cardValue(page, 'revenueThisYear').textContent()).toMatch(/kr$/);
      expect(await page.getByTestId('completion-note').count()).toBe(0);
      expect(await cardValue(page, 'newMembersThisMonth').textContent()).toMatch(/^\d+$/);
      await page.getByText('Medlemskap i medlemsregistret som började denna månad').waitFor();

      await page.getByTestId('month-chart').locator('svg').first().waitFor();
      const rows = page.getByTestId('unpaid-invoices').getByRole('row');
      await eventually(async () => expect(await rows.count()).toBeGreaterThan(0));
      const first = rows.first().getByRole('link');
      const number = (await first.textContent())?.trim();
      expect(number).toMatch(/^\d+$/);
      await snap(page, 'dashboard-home');

      await first.click();
      await eventually(async () => expect(pathOf(page)).toMatch(/^\/dashboard\/acounting\/invoices\/edit\/[0-9a-f-]{36}$/));
    },
    AFTER_FIRST_REFRESH,
  );

  it(
    'the statistics tabs render their charts, and the period is kept in the address',
    async () => {
      await loginThroughForm(page, OWNER);
      await waitForFirstRefresh(page);
      await page.goto('/dashboard/acounting/statistics');
      await page.getByRole('heading', { level: 1, name: 'Statistik' }).waitFor();

      for (const [tab, label] of [
        ['general', 'Allmänt'],
        ['invoices', 'Fakturor'],
        ['customers', 'Kunder'],
        ['contracts', 'Avtal'],
        ['products', 'Produkter'],
      ] as const) {
        await page.getByRole('tab', { name: label }).click();
        await eventually(async () => expect(new URL(page.url()).searchParams.get('tab')).toBe(tab));
        const panel = page.getByTestId(`statistics-${tab}`);
        await panel.getByTestId('month-chart').locator('svg').first().waitFor();
        await snap(page, `statistics-${tab}`);
      }
      // Every invoice is read whole after the first refresh: the ranking from all their rows, no note.
      await page.getByTestId('top-products').getByRole('row').nth(1).waitFor();
      expect(await page.getByTestId('completion-note').count()).toBe(0);

      const lastYear = String(new Date().getFullYear() - 1);
      await page.getByRole('textbox', { name: 'Period' }).click();
      await page.getByRole('option', { name: lastYear }).click();
      await eventually(async () => expect(new URL(page.url()).searchParams.get('period')).toBe(lastYear));
      // Dates as the app writes them in Swedish (apps/web/src/lib/dates.ts).
      await page.getByText(`${lastYear}-01-01 – ${lastYear}-12-31`).waitFor();
    },
    AFTER_FIRST_REFRESH,
  );
});
