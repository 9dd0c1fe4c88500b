import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitSimulator, startGitSimulator } from '../../../apps/server/src/providers/git/git.simulator';
import { server, snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, pathOf, reloadUntilVisible } from '../auth/helpers';

const GIT = '/dashboard/golfrelated/git';
const INTEGRATIONS = '/dashboard/configuration/integrations';

async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Data rows of a table (mantine-datatable draws an empty row while it has none). */
function rows(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('tbody tr:not(.mantine-datatable-empty-row)');
}

/**
 * The GIT pages (docs/git.md#pages) on the demo club account, whose GIT is the
 * built-in simulator refreshed on first start: every tab shows its GIT data, invoice occasions
 * are archived and brought back after a confirmation (and not without a choice), and a GIT
 * connection with a key GIT refuses shows GIT's reason and leaves the working connection alone.
 */
describe('GIT pages', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it("shows the demo club's GIT members, articles, invoice occasions, settings and transaction log", async () => {
    await loginThroughForm(page);
    await page.goto(GIT);
    await page.getByRole('heading', { level: 1, name: 'GIT' }).waitFor();
    // The first refresh from GIT may still be running right after the server started.
    await reloadUntilVisible(page, rows(page, 'GIT-medlemmar').first());
    expect(await rows(page, 'GIT-medlemmar').count()).toBeGreaterThan(0);
    await snap(page, 'git-members');

    await page.getByRole('tab', { name: 'Artiklar' }).click();
    await rows(page, 'GIT-artiklar').first().waitFor();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('tab')).toBe('articles'));

    await page.getByRole('tab', { name: 'Fakturaomgångar' }).click();
    await rows(page, 'Fakturaomgångar').first().waitFor();
    expect(await rows(page, 'Fakturaomgångar').first().textContent()).toMatch(/\d\s?kr/);

    await page.getByRole('tab', { name: 'Inställningar' }).click();
    const settings = page.getByRole('region', { name: 'Anslutning till GIT' });
    await settings.getByText('Ansluten', { exact: true }).waitFor();
    await settings.getByText('Demokopia (simulator)').waitFor();
    expect(await page.getByRole('link', { name: 'Öppna API-konfigurationen' }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=api',
    );

    await page.getByRole('tab', { name: 'Transaktionslogg' }).click();
    const log = rows(page, 'Transaktionslogg');
    await log.filter({ hasText: 'Uppdatering från GIT' }).first().waitFor();
    expect(await log.filter({ hasText: 'Klar' }).count()).toBeGreaterThan(0);
    await snap(page, 'git-transaction-log');
  }, 300_000);

  it('archives an invoice occasion after a confirmation and brings it back, and asks for a choice first', async () => {
    await loginThroughForm(page);
    await page.goto(`${GIT}?tab=invoiceOccasions`);
    const table = page.getByRole('table', { name: 'Fakturaomgångar' });
    await reloadUntilVisible(page, rows(page, 'Fakturaomgångar').first());

    await page.getByRole('button', { name: 'Arkivera valda (0)' }).click();
    await toast(page, 'Välj en eller flera fakturaomgångar');

    const name = (await table.locator('tbody tr').first().getByRole('link').textContent()) ?? '';
    expect(name).not.toBe('');
    await table.getByRole('checkbox', { name: `Välj ${name}` }).check();
    await page.getByRole('button', { name: 'Arkivera valda (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Arkivera fakturaomgången?' });
    await dialog.getByText(name, { exact: true }).waitFor();
    await snap(page, 'git-archive-confirm');
    await dialog.getByRole('button', { name: 'Arkivera' }).click();
    await toast(page, 'Fakturaomgången har arkiverats');
    await eventually(async () => expect(await table.getByRole('link', { name, exact: true }).count()).toBe(0));

    await page.locator('label', { hasText: 'Arkiverade' }).click();
    await table.getByRole('link', { name, exact: true }).waitFor();
    await table.getByRole('button', { name: `Återställ: ${name}` }).click();
    await page.getByRole('dialog', { name: 'Återställ fakturaomgången?' }).getByRole('button', { name: 'Återställ' }).click();
    await toast(page, 'Fakturaomgången har återställts');
    await eventually(async () => expect(await table.getByRole('link', { name, exact: true }).count()).toBe(0));

    await page.locator('label', { hasText: 'Aktiva' }).click();
    await table.getByRole('link', { name, exact: true }).waitFor();
  }, 300_000);

  describe('connecting GIT', () => {
    let sim: GitSimulator;
    beforeAll(async () => {
      // On the port the server's GIT_ALLOWED_ORIGINS names (e2e/fixtures/global-setup.ts).
      sim = await startGitSimulator({ port: server().gitPort });
    });
    afterAll(async () => {
      await sim?.close();
    });

    it("refuses a key GIT does not accept with GIT's reason and keeps the working connection", async () => {
      await loginThroughForm(page);
      await page.goto(INTEGRATIONS);
      const card = page.getByTestId('integration-git');
      await card.getByTestId('git-status').filter({ hasText: 'Ansluten' }).waitFor();
      const clubBefore = await card.getByRole('definition').first().textContent();

      await card.getByRole('button', { name: 'Byt nyckel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Anslut GIT' });
      await dialog.getByRole('textbox', { name: /Klubbens id i GIT/ }).fill(sim.clubId);
      await dialog.getByLabel(/API-nyckel/).fill('fel-nyckel-123');
      await dialog.getByRole('textbox', { name: /Adress till GIT:s API/ }).fill(sim.apiBaseUrl);
      await dialog.getByRole('button', { name: 'Anslut' }).click();
      const refusal = dialog.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/API-nyckeln/);
      await snap(page, 'git-connect-refused');
      await dialog.getByRole('button', { name: 'Avbryt' }).click();

      // Nothing was stored: after a reload the demo connection is as it was.
      await page.reload();
      await card.getByTestId('git-status').filter({ hasText: 'Ansluten' }).waitFor();
      expect(await card.getByRole('definition').first().textContent()).toBe(clubBefore);
      expect(pathOf(page)).toBe(INTEGRATIONS);
    });
  });
});
