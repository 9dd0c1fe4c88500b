import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectVismaEekonomi, vismaSimulatorControl } from '../../fixtures/accounting';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi } from '../auth/helpers';

const EDIT_PATH = /^\/dashboard\/acounting\/invoices\/edit\/[0-9a-f-]{36}$/;
const STALE_TITLE = 'Bokföringsprogrammet svarar inte';

/**
 * When the accounting program does not answer, an invoice's page shows the portal's stored copy
 * with a warning, read-only and without actions, and is itself again once the program answers
 * (docs/accounting.md#mirror). A newly registered club on Visma eEkonomi, connected through the
 * simulator's consent page; the simulator is then made to answer 503 from its own control path,
 * so the demo club's Fortnox is never touched.
 */
describe('stale invoice copy', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  const actions = () => page.getByRole('group', { name: 'Fakturaåtgärder' });
  const offered = async () => (await actions().getByRole('button').allTextContents()).map((name) => name.trim());

  it('shows the stored copy read-only with a warning while the program answers 503, and the live invoice after a retry', {
    timeout: 180_000,
  }, async () => {
    const owner = await registerOwnerViaApi('stale', { accountingProgram: 'visma_eekonomi' });
    await loginThroughForm(page, owner);
    const simulator = await connectVismaEekonomi(page);

    // An unpaid invoice of the simulated company: one with actions to lose (payment, credit).
    await page.goto('/dashboard/acounting/invoices?payment=unpaid');
    const table = page.getByRole('table', { name: 'Fakturor' });
    const first = table.getByRole('link', { name: /^Öppna faktura / }).first();
    await first.waitFor({ timeout: 60_000 });
    await first.click();
    await page.waitForURL((url) => EDIT_PATH.test(url.pathname));
    await page
      .getByText(/^Faktura \d+ till /)
      .first()
      .waitFor();
    await eventually(async () => expect(await offered()).toContain('Registrera betalning'));
    const live = await offered();
    expect(await page.getByText(STALE_TITLE, { exact: true }).count()).toBe(0);
    const description =
      (await page
        .getByText(/^Faktura \d+ till /)
        .first()
        .textContent()) ?? '';
    const number = /^Faktura (\d+)/.exec(description)?.[1] ?? '';
    expect(number).toMatch(/^\d+$/);

    // Visma stops answering invoice requests (more failures than the client's retries).
    await vismaSimulatorControl(simulator, 'POST', 'faults', { times: 50, status: 503, path: '/customerinvoices' });
    try {
      await page.reload();
      await page.getByText(STALE_TITLE, { exact: true }).waitFor({ timeout: 45_000 });
      await page.getByText(/^Det här är portalens kopia från /).waitFor();
      // The same invoice, read-only, with only the PDF offered (nothing can be done to a copy).
      await page
        .getByText(new RegExp(`^Faktura ${number} till `))
        .first()
        .waitFor();
      await page.getByRole('heading', { level: 1, name: 'Faktura', exact: true }).waitFor();
      await page.getByText('Bokföringsprogrammet svarar inte just nu, så fakturan visas som den senast hämtades').waitFor();
      expect(await offered()).toEqual(['Visa PDF', 'Ladda ner PDF']);
      expect(await page.getByRole('button', { name: 'Spara' }).count()).toBe(0);
      await snap(page, 'invoice-stale-copy');
    } finally {
      await vismaSimulatorControl(simulator, 'DELETE', 'faults');
    }

    // The program answers again: "try again" brings the live invoice and its actions back.
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await eventually(async () => expect(await page.getByText(STALE_TITLE, { exact: true }).count()).toBe(0), 30_000);
    await eventually(async () => expect(await offered()).toEqual(live));
  });
});
