import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { loginThroughForm, reloadUntilVisible } from '../auth/helpers';

const GIT = '/dashboard/golfrelated/git';
const GOLF_ID = /\d{6}-\d{3}/;

/** Data rows of a table (mantine-datatable draws an empty row while it has none). */
function rows(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('tbody tr:not(.mantine-datatable-empty-row)');
}

/**
 * An invoice occasion of the demo club synced to its accounting program (the Fortnox
 * simulator) through the dialog: two unsynced bases chosen, the club account in use named (none
 * is configured) without a warning, missing GIT articles created in accounting, what happens to
 * each invoice said before the start, the run followed to done with the progress bar full at the
 * dialog's own count, and the bases then showing their invoice numbers. Then the same page in
 * English with the dark skin.
 */
describe('GIT invoice occasion sync', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('syncs two bases to accounting through the dialog and shows their invoice numbers', async () => {
    await loginThroughForm(page);
    await page.goto(`${GIT}?tab=invoiceOccasions`);
    const occasions = rows(page, 'Fakturaomgångar');
    await reloadUntilVisible(page, occasions.first());
    const link = occasions.first().getByRole('link').first();
    const name = (await link.textContent()) ?? '';
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // The occasion is kept for the next visit.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('invoiceOccasion') ?? 'null')?.name)).toBe(name);

    // Two unpaid bases not synced yet.
    // The demo's first GIT refresh writes the occasions before their bases: reload until they are in.
    const unsynced = `${page.url().split('?')[0]}?status=unpaid&sync=not_synced`;
    const bases = rows(page, 'Fakturaunderlag');
    await page.goto(unsynced);
    await reloadUntilVisible(page, bases.nth(1), 180_000, unsynced);
    const golfIds: string[] = [];
    for (const index of [0, 1]) {
      const row = bases.nth(index);
      golfIds.push(((await row.textContent()) ?? '').match(GOLF_ID)?.[0] ?? '');
      await row.getByRole('checkbox').check();
    }
    expect(golfIds.every((id) => GOLF_ID.test(id))).toBe(true);
    await page.getByRole('button', { name: 'Synka valda (2)' }).click();

    const dialog = page.getByRole('dialog');
    const summary = dialog.getByTestId('sync-summary');
    await summary.waitFor({ timeout: 60_000 });
    // No club to sync to in the API configuration: the club account in use is named, not asked for.
    expect(await dialog.getByRole('textbox', { name: /Klubbkonto att synka till/ }).inputValue()).toBe('Fairway Demo GK');
    expect(await dialog.getByText('Välj vilken klubb data ska synkas till').count()).toBe(0);
    expect(((await summary.textContent()) ?? '').replace(/\s/g, ' ')).toContain('Underlag att synka2');
    const mapButton = dialog.getByRole('button', { name: 'Koppla artiklar' });
    if ((await mapButton.count()) > 0) {
      await mapButton.click();
      await dialog.getByTestId('missing-articles').waitFor();
      await snap(page, 'git-sync-articles');
      await dialog.getByRole('button', { name: 'Skapa alla i bokföringen' }).click();
      await dialog.getByRole('button', { name: 'Spara och fortsätt' }).click();
    }
    // What happens to each invoice, said before the start.
    const plan = dialog.getByTestId('sync-delivery');
    await plan.waitFor();
    expect(await plan.textContent()).toContain('2 underlag blir fakturor som');
    await dialog.getByRole('button', { name: 'Synka 2 underlag' }).click();

    const progress = dialog.getByTestId('run-progress');
    await progress.waitFor();
    // The run goes through the shared limiter of the accounting program: minutes on a loaded machine.
    await dialog.locator('[data-testid="run-progress"][data-status="succeeded"]').waitFor({ timeout: 300_000 });
    // The bar counts bases (components/run-progress.tsx): both of the two are done.
    const bar = dialog.getByRole('progressbar', { name: 'Synk till bokföringen' });
    expect([await bar.getAttribute('aria-valuenow'), await bar.getAttribute('aria-valuemax')]).toEqual(['2', '2']);
    await dialog.getByText('2 av 2 klara').waitFor();
    await snap(page, 'git-sync-done');
    await dialog.getByRole('button', { name: 'Klar' }).click();

    // Each synced basis now names its invoice in the accounting program. Synced, it has left the
    // "not synced" list: show all sync states, search its golf-ID, and wait for its own row (not
    // whatever row the list showed before the search) to name the invoice.
    await page
      .getByRole('combobox', { name: 'Synkstatus' })
      .or(page.getByRole('textbox', { name: 'Synkstatus' }))
      .click();
    await page.getByRole('option', { name: 'Alla' }).click();
    await page.waitForURL((url) => !url.searchParams.has('sync'));
    for (const golfId of golfIds) {
      await page.getByRole('searchbox', { name: 'Sök på namn, golf-ID eller nummer' }).fill(golfId);
      await page.waitForURL((url) => url.searchParams.get('search') === golfId);
      await bases
        .filter({ hasText: golfId })
        .getByTestId('basis-invoice')
        .filter({ hasText: /^Faktura \d+$/ })
        .waitFor({ timeout: 60_000 });
    }

    // The same page in English, dark.
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('skin', 'dark');
    });
    await page.reload();
    await page
      .getByRole('table', { name: 'Invoice bases' })
      .getByText(/^Invoice \d+$/)
      .first()
      .waitFor();
    await snap(page, 'git-occasion-en-dark');
    // Waits above add up: the demo's first GIT refresh, then a run through the shared limiter.
  }, 720_000);
});
