import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { apiCall, registerOwnerViaApi } from '../auth/helpers';

const INTEGRATIONS = '/dashboard/configuration/integrations';

/**
 * The public pages the accounting program sends the user back to (`/fortnox`, `/visma`). The
 * happy path and a never-issued state are in integrations/accounting-connection.spec.ts; these
 * are the other ways a user can land here.
 */
describe('the provider connection page', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('explains itself without a state, for both providers', async () => {
    await page.goto('/fortnox');
    await page.getByRole('heading', { level: 1, name: 'Fortnox-anslutning' }).waitFor();
    expect(await page.getByRole('link', { name: 'Till Integrationer' }).getAttribute('href')).toBe(INTEGRATIONS);
    expect(await page.getByTestId('connection-error').count()).toBe(0);
    await page.goto('/visma');
    await page.getByRole('heading', { level: 1, name: 'Visma eEkonomi-anslutning' }).waitFor();
  });

  it('says the provider refused, changes nothing, and then treats the spent state as expired', async () => {
    const owner = await registerOwnerViaApi('provider-page');
    const { authorizeUrl } = await apiCall<{ authorizeUrl: string }>(
      'POST',
      'integrations/accounting/connect',
      {},
      owner.accessToken,
    );
    const state = new URL(authorizeUrl).searchParams.get('state') ?? '';
    expect(state).not.toBe('');

    // What Fortnox sends back when the user presses Cancel on its consent page.
    await page.goto(`/fortnox?state=${encodeURIComponent(state)}&error=access_denied`);
    const error = page.getByTestId('connection-error');
    await error.waitFor({ timeout: 60_000 });
    // The e2e server has no FORTNOX_CLIENT_ID, so the consent page was the simulator's.
    expect(await error.textContent()).toContain(
      'Anslutningen avbröts i simulatorn för Fortnox (demo, inga data når Fortnox). Inget har ändrats',
    );
    await page.getByText('Så här gör du:').waitFor();
    expect(await page.locator('main ol li').count()).toBe(3);
    await page.getByText('Godkänn hos Fortnox inom 15 minuter.', { exact: false }).waitFor();
    // The spent state is not left in the address for a reload to send again.
    expect(new URL(page.url()).search).toBe('');
    await snap(page, 'provider-refused');

    // The same state again, as a reload of the old address or a second tab would send it.
    await page.goto(`/fortnox?state=${encodeURIComponent(state)}&code=late`);
    await error.waitFor({ timeout: 60_000 });
    expect(await error.textContent()).toContain('Länken för att ansluta har gått ut eller redan använts.');

    const integrations = await apiCall<{ integrations: { system: string; status: string }[] }>(
      'GET',
      'integrations',
      undefined,
      owner.accessToken,
    );
    expect(integrations.integrations.find((i) => i.system === 'accounting')?.status).toBe('not_connected');
  }, 60_000);
});
