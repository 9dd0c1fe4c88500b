import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  approveVismaConsent,
  connectorCall,
  connectVismaEekonomi,
  INTEGRATIONS,
  vismaSimulatorControl,
} from '../../fixtures/accounting';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi, reloadUntilVisible } from '../auth/helpers';

/** The connector is "offline" after this long without a call (OFFLINE_AFTER_SECONDS in visma-admin/protocol.ts). */
const OFFLINE_AFTER_MS = 120_000;

type Owner = Awaited<ReturnType<typeof registerOwnerViaApi>>;

/**
 * The accounting notices (docs/accounting.md#notices) above the dashboard home, each reached the way it happens:
 * a club on Visma Administration without a connector (installation needed), its connector
 * registered with a key from the integrations page and then silent (offline), and a club on
 * Visma eEkonomi whose consent the company withdraws in Visma (reconnect prompt). Each uses a
 * newly registered club of its own, so the demo club's Fortnox connection is never touched.
 */
describe('accounting notices on the dashboard home', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  const notice = () => page.getByTestId('accounting-notice');

  // Set by the first test, used by the last: the Visma Administration club and its connector's last call.
  let adminOwner: Owner | undefined;
  let connectorLastCall = 0;

  it('Visma Administration without a connector: "installation needed" until a connector registers with a key from Integrations', {
    timeout: 90_000,
  }, async () => {
    adminOwner = await registerOwnerViaApi('va-notice', { accountingProgram: 'visma_administration' });
    await loginThroughForm(page, adminOwner);

    await notice().waitFor({ timeout: 60_000 });
    expect(await notice().getAttribute('data-status')).toBe('installation_needed');
    await notice().getByText('Installation behövs', { exact: true }).waitFor();
    expect(await notice().textContent()).toContain('Kopplingsprogrammet för Visma Administration är inte installerat för');
    await snap(page, 'dashboard-notice-installation-needed');

    // The notice leads to Integrations, where the key for the connector is made (shown once).
    await notice().getByRole('link', { name: 'Till Integrationer' }).click();
    await page.waitForURL((url) => url.pathname === INTEGRATIONS);
    const card = page.getByTestId('connector-card');
    await eventually(async () => expect(await card.getByTestId('connector-status').textContent()).toBe('Installation behövs'));
    await card.getByRole('button', { name: 'Skapa nyckel' }).click();
    const key = ((await page.getByLabel('Nyckel för kopplingsprogrammet').textContent()) ?? '').trim();
    expect(key).toMatch(/^fwc_[A-Za-z0-9_-]{43}$/);

    // The connector at the club starts with that key: it registers and says it is alive.
    await connectorCall(key, 'register', {
      protocolVersion: 1,
      connectorVersion: '1.0.0-e2e',
      machine: 'KANSLIET-PC',
      company: { name: 'Testklubbens GK', database: 'FTG1' },
    });
    await connectorCall(key, 'heartbeat', {});
    connectorLastCall = Date.now();
    await page.getByRole('button', { name: 'Jag har sparat nyckeln' }).click();
    await page.reload();
    await eventually(async () => expect(await card.getByTestId('connector-status').textContent()).toBe('Online'), 20_000);
    expect(await card.textContent()).toContain('KANSLIET-PC');

    // Back home, the notice is gone.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Översikt' }).waitFor();
    await page.getByTestId('stat-billedThisMonth').waitFor();
    expect(await notice().count()).toBe(0);
  });

  // The new club's first refresh may wait for a refresh worker while other clubs' refreshes run
  // (two at a time per process; a long one lets it in after its turn, RUN_TURN_SECONDS), and it
  // reads every invoice whole at the program's pace: the waits allow for a loaded machine.
  it('Visma eEkonomi consent withdrawn in Visma: the reconnect prompt, and reconnecting from it lifts it', {
    timeout: 480_000,
  }, async () => {
    const owner = await registerOwnerViaApi('ve-notice', { accountingProgram: 'visma_eekonomi' });
    await loginThroughForm(page, owner);
    const simulator = await connectVismaEekonomi(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Översikt' }).waitFor();
    expect(await notice().count()).toBe(0);

    // The company removes the app's access in Visma. The portal learns it at its next call, here
    // when an invoice is opened (the program is asked for the invoice itself).
    const table = page.getByRole('table', { name: 'Fakturor' });
    await page.goto('/dashboard/acounting/invoices');
    await table
      .getByRole('link', { name: /^Öppna faktura / })
      .first()
      .waitFor({ timeout: 300_000 });
    await vismaSimulatorControl(simulator, 'POST', 'revoke-consent');
    await table
      .getByRole('link', { name: /^Öppna faktura / })
      .first()
      .click();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasText: /faktura/i })
      .waitFor();

    await page.goto('/dashboard');
    await notice().waitFor({ timeout: 60_000 });
    expect(await notice().getAttribute('data-status')).toBe('reconnect_needed');
    await notice().getByText('Anslutningen till Visma eEkonomi har brutits', { exact: true }).waitFor();
    expect(await notice().textContent()).toContain('Visma eEkonomi tar inte längre emot portalens behörighet för');
    await snap(page, 'dashboard-notice-reconnect');

    // The Owner may reconnect straight from the notice: Visma's consent page, then connected again.
    await notice().getByRole('button', { name: 'Anslut igen' }).click();
    expect(await approveVismaConsent(page)).toBe(simulator);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Översikt' }).waitFor();
    await page.getByTestId('stat-billedThisMonth').waitFor();
    await eventually(async () => expect(await notice().count()).toBe(0));
    await page.goto(INTEGRATIONS);
    await eventually(async () =>
      expect(await page.getByTestId('integration-accounting').getByTestId('accounting-status').textContent()).toBe('Ansluten'),
    );
  });

  it('Visma Administration connector silent for two minutes: "connector offline", pointing to Integrations', {
    timeout: OFFLINE_AFTER_MS + 240_000,
  }, async () => {
    if (!adminOwner || !connectorLastCall) throw new Error('The first test registered no connector');
    await loginThroughForm(page, adminOwner);
    await page.getByRole('heading', { level: 1, name: 'Översikt' }).waitFor();
    // Still online while the connector was heard from within the window.
    if (Date.now() - connectorLastCall < OFFLINE_AFTER_MS - 10_000) expect(await notice().count()).toBe(0);

    // No call since: the notice shows once the window (2 minutes) has passed since the last call,
    // as a user looking at the dashboard now and then would see it.
    await reloadUntilVisible(page, notice(), connectorLastCall + OFFLINE_AFTER_MS + 120_000 - Date.now());
    expect(await notice().getAttribute('data-status')).toBe('connector_offline');
    await notice().getByText('Kopplingen till Visma Administration är offline', { exact: true }).waitFor();
    expect(await notice().textContent()).toMatch(/Kopplingsprogrammet för .+ har inte hört av sig sedan /);
    await snap(page, 'dashboard-notice-connector-offline');

    await notice().getByRole('link', { name: 'Till Integrationer' }).click();
    await page.waitForURL((url) => url.pathname === INTEGRATIONS);
    await eventually(async () =>
      expect(await page.getByTestId('connector-card').getByTestId('connector-status').textContent()).toBe('Offline'),
    );
  });
});
