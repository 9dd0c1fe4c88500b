import type { CurrentUser, Integration, Integrations } from '@fairway/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setStoredUser, setTokens } from '../../../lib/storage';
import { type ApiCall, mockApi, refuse } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { browserNavigation } from '../api/connect-accounting';
import { AccountingNotice } from './accounting-notice';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const clubAccount = { id: demoUser.currentAccount?.id ?? '', name: 'Fairway Demo GK' };

/** The club account's integrations with the accounting one as given (none when null), plus `extra` answers. */
function stubApi(accounting: Partial<Integration> | null, extra: Record<string, unknown> = {}) {
  const integrations = (): Integrations => ({
    clubAccount,
    integrations: [
      {
        system: 'accounting',
        provider: 'fortnox',
        status: 'connected',
        target: 'live',
        accounting: {
          companyName: null,
          connectedAt: null,
          lastRefresh: null,
          connectorLastSeenAt: null,
        },
        ...accounting,
      } as Integration,
      { system: 'email', provider: 'smtp', status: 'connected', target: null },
    ],
  });
  const calls = mockApi({
    ...(accounting ? { 'GET integrations': integrations } : {}),
    ...Object.fromEntries(Object.entries(extra).map(([key, data]) => [key, () => data])),
    'ALL *': () => refuse(404, 'Hittades inte', 'Not found'),
  });
  return calls;
}

const said = (calls: ApiCall[]) => calls.map((c) => `${c.method} ${c.path}`);

/** Waits until GET integrations has been answered and rendered. */
async function answered(calls: ApiCall[]) {
  await waitFor(() => expect(said(calls)).toContain('GET integrations'));
  await new Promise((r) => setTimeout(r, 100));
}

function renderNotice(who: CurrentUser = demoUser) {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(who);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', Component: AccountingNotice },
      { path: '/dashboard/configuration/integrations', element: <p>Integrationssidan</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  await setLanguage('sv');
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('accounting notice', () => {
  it('offers Reconnect to a user who manages integrations when the connection was lost', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    stubApi(
      { status: 'reconnect_needed' },
      { 'POST integrations/accounting/connect': { authorizeUrl: 'http://sim/consent?state=s' } },
    );
    renderNotice();
    const notice = await screen.findByTestId('accounting-notice');
    expect(notice).toHaveTextContent('Anslutningen till Fortnox har brutits');
    expect(notice).toHaveTextContent('Fairway Demo GK');
    await user.click(within(notice).getByRole('button', { name: 'Anslut igen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://sim/consent?state=s'));
  });

  it('tells a user who may not manage integrations to ask an administrator', async () => {
    stubApi({ status: 'reconnect_needed' });
    renderNotice({ ...demoUser, role: 'Staff', scopes: ['company.read'] });
    const notice = await screen.findByTestId('accounting-notice');
    expect(notice).toHaveTextContent('Be en administratör att ansluta Fortnox igen under Integrationer.');
    expect(within(notice).queryByRole('button', { name: 'Anslut igen' })).not.toBeInTheDocument();
  });

  it('shows the installation-needed notice with a link to the integrations page', async () => {
    stubApi({ status: 'installation_needed', provider: 'visma_administration' });
    const router = renderNotice();
    const notice = await screen.findByTestId('accounting-notice');
    expect(notice).toHaveTextContent('Installation behövs');
    expect(notice).toHaveTextContent('Kopplingsprogrammet för Visma Administration är inte installerat');
    await user.click(within(notice).getByRole('link', { name: 'Till Integrationer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/configuration/integrations'));
  });

  it('shows the connector-offline notice with when it was last heard from', async () => {
    await setLanguage('en');
    stubApi({
      status: 'connector_offline',
      provider: 'visma_administration',
      target: 'simulator',
      accounting: {
        companyName: null,
        connectedAt: null,
        lastRefresh: null,
        connectorLastSeenAt: '2025-03-04T09:15:00.000Z',
      },
    });
    renderNotice();
    const notice = await screen.findByTestId('accounting-notice');
    expect(notice).toHaveTextContent('The connector for Visma Administration is offline');
    expect(notice).toHaveTextContent(/has not been heard from since .*2025/);
    // Our connector keeps a simulated company: the notice says no data reaches Visma Administration.
    expect(within(notice).getByTestId('integration-target')).toHaveTextContent(
      'Simulator (demo)No data reaches Visma Administration. The connector works against a simulated company',
    );
  });

  it('says when the lost connection was to the simulator, and says nothing of one for the real program', async () => {
    stubApi({ status: 'reconnect_needed', target: 'simulator' });
    renderNotice();
    const notice = await screen.findByTestId('accounting-notice');
    expect(within(notice).getByTestId('integration-target')).toHaveTextContent(
      'Simulator (demo)Inga data når Fortnox. Portalen har ingen koppling till det riktiga Fortnox inställd',
    );

    cleanup();
    stubApi({ status: 'reconnect_needed', target: 'live' });
    renderNotice();
    const real = await screen.findByTestId('accounting-notice');
    expect(real).toHaveTextContent('Anslutningen till Fortnox har brutits');
    expect(within(real).queryByTestId('integration-target')).not.toBeInTheDocument();
    expect(real).not.toHaveTextContent(/simulator/i);
  });

  it('is dismissed for the session, and another problem still shows', async () => {
    stubApi({ status: 'reconnect_needed' });
    renderNotice();
    const notice = await screen.findByTestId('accounting-notice');
    await user.click(within(notice).getByRole('button', { name: 'Dölj meddelandet' }));
    expect(screen.queryByTestId('accounting-notice')).not.toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('accountingNoticeDismissed') ?? '[]')).toEqual([
      `${clubAccount.id}:reconnect_needed`,
    ]);

    // A new page load in the same session keeps it hidden.
    cleanup();
    const again = stubApi({ status: 'reconnect_needed' });
    renderNotice();
    await answered(again);
    expect(screen.queryByTestId('accounting-notice')).not.toBeInTheDocument();

    cleanup();
    stubApi({ status: 'connector_offline', provider: 'visma_administration' });
    renderNotice();
    expect(await screen.findByTestId('accounting-notice')).toHaveTextContent('är offline');
  });

  it('stays away when the program is connected, and does not ask without the scope to read it', async () => {
    const first = stubApi({ status: 'connected' });
    renderNotice();
    await answered(first);
    expect(screen.queryByTestId('accounting-notice')).not.toBeInTheDocument();

    cleanup();
    const calls = stubApi({ status: 'reconnect_needed' });
    renderNotice({ ...demoUser, scopes: [] });
    await new Promise((r) => setTimeout(r, 300));
    expect(said(calls)).not.toContain('GET integrations');
    expect(screen.queryByTestId('accounting-notice')).not.toBeInTheDocument();
  });
});
