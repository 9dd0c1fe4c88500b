import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type ConnectorProcess, companyFileCustomers, INTEGRATIONS, startVismaConnector } from '../../fixtures/accounting';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, registerOwnerViaApi } from '../auth/helpers';

const CUSTOMERS = '/dashboard/acounting/customers';
const MACHINE = 'KANSLI-PC';

type Owner = Awaited<ReturnType<typeof registerOwnerViaApi>>;

/**
 * The reference connector program for Visma Administration (apps/visma-connector) run as its own
 * process against the product, as at a club: the key made on the integrations page, the program
 * started with it, the portal reading the simulated company (Sjöviks Golfklubb) through it and
 * writing a new customer into the company file; and a customer saved while the program is
 * stopped waiting in the queue until it is started again.
 */
describe('Visma Administration connector program', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  const dir = mkdtempSync(join(tmpdir(), 'fairway-e2e-visma-company-'));
  const companyFile = join(dir, 'visma-company.json');
  const running: ConnectorProcess[] = [];
  // Set by the first test, used by the second.
  let owner: Owner | undefined;
  let key = '';

  afterAll(async () => {
    for (const connector of running) await connector.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  async function startConnector(): Promise<ConnectorProcess> {
    const connector = startVismaConnector({ key, companyFile, machine: MACHINE });
    running.push(connector);
    await connector.registered();
    return connector;
  }

  const card = () => page.getByTestId('connector-card');
  const detail = (label: string) =>
    card().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();

  /** The integrations page, reloaded until the connector card says `status` and `pending` waiting items. */
  async function expectConnector(status: string, pending: number) {
    await page.goto(INTEGRATIONS);
    await eventually(async () => {
      await page.reload();
      await card().getByTestId('connector-status').waitFor();
      expect(await card().getByTestId('connector-status').textContent()).toBe(status);
      expect(await detail('Väntande arbeten')).toBe(String(pending));
    }, 120_000);
  }

  /** The customers list, refreshed from the program with its button, searched for `name`. */
  async function refreshCustomers() {
    await page.goto(CUSTOMERS);
    await page.getByRole('heading', { level: 1, name: 'Kunder' }).waitFor();
    await page.getByRole('button', { name: 'Hämta från bokföringsprogrammet' }).click();
    await page
      .getByRole('alert')
      // Done, whether it wrote something or found the list already read by a run before it.
      .filter({ hasText: /Listan är uppdaterad från bokföringsprogrammet\.|Det finns inga uppdateringar/ })
      .first()
      // The refresh goes through the connector's polling, and may wait for a run of the club account
      // already under way (apps/server/src/lib/runs), and for a free refresh worker while other
      // clubs' refreshes read the Fortnox simulator's year under its rate limit (two at a time:
      // REFRESH_CONCURRENCY): minutes in the full browser suite, not seconds.
      .waitFor({ timeout: 600_000 });
  }

  /** The customer form filled with a private person in `city`, then "Skapa kund". */
  async function submitNewCustomer(name: string, city: string) {
    await page.goto(`${CUSTOMERS}/create`);
    await page.getByRole('heading', { level: 1, name: 'Ny kund' }).waitFor();
    await page.getByRole('textbox', { name: /^Namn/ }).fill(name);
    await page.getByRole('textbox', { name: 'E-post', exact: true }).fill('kansliet@sjovik.example.se');
    await page.getByRole('textbox', { name: 'Ort' }).first().fill(city);
    await page.getByRole('button', { name: 'Skapa kund' }).click();
  }

  const customersNamed = (name: string) => companyFileCustomers(companyFile).filter((k) => k.namn === name);

  it('started with the key from Integrations: online, the company read into the lists, a new customer written to the company file', {
    timeout: 720_000,
  }, async () => {
    owner = await registerOwnerViaApi('va-connector', { accountingProgram: 'visma_administration' });
    await loginThroughForm(page, owner);

    await page.goto(INTEGRATIONS);
    await eventually(async () => expect(await card().getByTestId('connector-status').textContent()).toBe('Installation behövs'));
    await card().getByRole('button', { name: 'Skapa nyckel' }).click();
    key = ((await page.getByLabel('Nyckel för kopplingsprogrammet').textContent()) ?? '').trim();
    expect(key).toMatch(/^fwc_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Jag har sparat nyckeln' }).click();

    // The program at the club, started with that key: it creates the company file and registers.
    const connector = await startConnector();
    expect(connector.output()).toContain(`Sjöviks Golfklubb (${companyFile})`);
    await expectConnector('Online', 0);
    expect(await detail('Dator')).toBe(MACHINE);
    expect(await detail('Företag')).toContain('Sjöviks Golfklubb');
    await snap(page, 'visma-connector-online');

    // A refresh from the customers list reads the company's customer register through it.
    await refreshCustomers();
    const table = page.getByRole('table', { name: 'Kunder' });
    await table.getByRole('link', { name: /^Öppna kund 2001 / }).waitFor({ timeout: 60_000 });
    for (const name of ['Roslagens Bygg AB', 'Restaurang Greenside AB', 'Anna Lindqvist']) {
      await table.getByText(name, { exact: true }).waitFor();
    }
    await snap(page, 'visma-connector-customers');

    // A customer made in the portal is made in Visma Administration: the connector writes it.
    const name = `Kansliets Testkund ${Date.now().toString(36)}`;
    await submitNewCustomer(name, 'Åkersberga');
    const created = page.getByRole('alert').filter({ hasText: new RegExp(`Kunden ${name} \\((\\d+)\\) har skapats`) });
    await created.first().waitFor();
    const number = /\((\d+)\)/.exec((await created.first().textContent()) ?? '')?.[1];
    await page.waitForURL((url) => url.pathname === CUSTOMERS);
    const written = customersNamed(name);
    expect(written, connector.output()).toHaveLength(1);
    expect(written[0]?.kundnr).toBe(number);
    expect(written[0]?.ort).toBe('Åkersberga');
    expect(written[0]?.fairwayRef).toMatch(/^fw-/);
  });

  it('stopped: a new customer waits in the queue, and is written when the program is started again', {
    timeout: 300_000,
  }, async () => {
    if (!owner || !key) throw new Error('The first test started no connector');
    await loginThroughForm(page, owner);

    // Ctrl+C at the club: the program stops on its own, gracefully.
    const first = running.at(-1) as ConnectorProcess;
    expect(await first.stop(), first.output()).toBe(0);
    expect(first.output()).toContain('Stopping…');

    // Saved meanwhile: the portal waits for the program's answer (20 s), then says the change is queued.
    const name = `Köad Testkund ${Date.now().toString(36)}`;
    await submitNewCustomer(name, 'Norrtälje');
    const failure = page.getByRole('alert').filter({ hasText: 'Kunden sparades inte' });
    await failure.waitFor({ timeout: 40_000 });
    expect(await failure.textContent()).toContain('Ändringen ligger kvar i kön och utförs när kopplingen svarar.');
    await snap(page, 'visma-connector-work-queued');
    expect(customersNamed(name)).toHaveLength(0);
    await expectConnector('Online', 1);

    // Started again with the same key and company file: the queued customer is made, once.
    const second = await startConnector();
    await eventually(() => expect(customersNamed(name), second.output()).toHaveLength(1), 30_000);
    expect(customersNamed(name)[0]?.ort).toBe('Norrtälje');
    await expectConnector('Online', 0);

    // The portal shows it after a refresh from the program.
    await refreshCustomers();
    await page.getByRole('searchbox', { name: 'Sök kund' }).fill(name);
    const row = page.getByRole('table', { name: 'Kunder' }).getByRole('row').filter({ hasText: name });
    await row.waitFor({ timeout: 60_000 });
    // The search has answered: this customer alone, not the whole list under it.
    await page.getByText('Visar 1–1 av 1').waitFor();
    expect(await row.textContent()).toContain('Norrtälje');
    expect(await row.textContent()).toContain(customersNamed(name)[0]?.kundnr ?? '?');
    await snap(page, 'visma-connector-queued-customer-listed');
  });
});
