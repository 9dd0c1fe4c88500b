import type { CurrentUser, Integration, Integrations } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { REFRESH_POLL_MS } from '../../../lib/integrations';
import { setStoredUser, setTokens } from '../../../lib/storage';
import { answerRoutes, type CannedAnswer } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { browserNavigation } from '../api/connect-accounting';
import IntegrationsPage from './integrations-page';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

/** The page's server: answers by "METHOD path", anything else 404. Returns the calls made. */
const stubApi = (answers: Record<string, (body: unknown) => CannedAnswer>) => answerRoutes(answers);

const clubAccount = { id: demoUser.currentAccount?.id ?? '', name: 'Fairway Demo GK' };

function integrations(accounting: Partial<Integration>): Integrations {
  return {
    clubAccount,
    integrations: [
      {
        system: 'accounting',
        provider: 'fortnox',
        status: 'not_connected',
        accounting: { companyName: null, connectedAt: null, environment: null, lastRefresh: null, connectorLastSeenAt: null },
        ...accounting,
      },
      { system: 'git', provider: 'git', status: 'not_connected' },
      { system: 'sms', provider: null, status: 'no_plan' },
      { system: 'email', provider: 'smtp', status: 'connected' },
    ],
  };
}

const connected = (): Partial<Integration> => ({
  status: 'connected',
  accounting: {
    companyName: 'Fairway Demo GK (Fortnox)',
    connectedAt: '2025-03-04T09:15:00.000Z',
    environment: 'simulator',
    lastRefresh: { status: 'succeeded', at: '2025-03-04T09:20:00.000Z', error: null },
    connectorLastSeenAt: null,
  },
});

function renderPage(who: CurrentUser = demoUser) {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(who);
  const router = createMemoryRouter([{ path: '/dashboard/configuration/integrations', Component: IntegrationsPage }], {
    initialEntries: ['/dashboard/configuration/integrations'],
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const card = async () => screen.findByTestId('integration-accounting');

beforeEach(async () => {
  await setLanguage('sv');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('integrations page: the accounting card', () => {
  it('shows company, connected time, the demo-copy marker and the last refresh of a connected program', async () => {
    stubApi({ 'GET integrations': () => ({ body: { data: integrations(connected()) } }) });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByTestId('accounting-status')).toHaveTextContent('Ansluten');
    const details = accounting.getByTestId('accounting-details');
    expect(within(details).getByText('Företag').nextSibling).toHaveTextContent('Fairway Demo GK (Fortnox)');
    expect(within(details).getByText('Ansluten').nextSibling).toHaveTextContent(/2025/);
    expect(within(details).getByText('Senaste uppdatering').nextSibling).toHaveTextContent(/Klar/);
    expect(accounting.getByText('Demokopia (simulator)')).toBeInTheDocument();
    expect(accounting.getByRole('button', { name: 'Koppla från' })).toBeEnabled();
    expect(accounting.queryByRole('button', { name: /^Anslut/ })).not.toBeInTheDocument();
  });

  it('looks again while the refresh is running, and stops once it is done', async () => {
    const running = connected();
    let answers = 0;
    const calls = stubApi({
      'GET integrations': () => {
        answers += 1;
        const status = answers === 1 ? 'running' : 'succeeded';
        return {
          body: {
            data: integrations({
              ...running,
              accounting: {
                ...(running.accounting as NonNullable<Integration['accounting']>),
                lastRefresh: { status, at: '2025-03-04T09:20:00.000Z', error: null },
              },
            }),
          },
        };
      },
    });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByText('Pågår')).toBeInTheDocument();
    expect(await accounting.findByText('Klar', {}, { timeout: 9_000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, REFRESH_POLL_MS + 500));
    expect(calls.filter((c) => c.path === 'integrations')).toHaveLength(2);
  });

  it('shows a failed refresh with its error', async () => {
    const failed = connected();
    stubApi({
      'GET integrations': () => ({
        body: {
          data: integrations({
            ...failed,
            accounting: {
              ...(failed.accounting as NonNullable<Integration['accounting']>),
              environment: 'live',
              lastRefresh: { status: 'failed', at: '2025-03-05T06:00:00.000Z', error: 'Fortnox svarade inte i tid' },
            },
          }),
        },
      }),
    });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByText('Misslyckades')).toBeInTheDocument();
    expect(accounting.getByTestId('accounting-refresh-error')).toHaveTextContent('Fel: Fortnox svarade inte i tid');
    expect(accounting.queryByText('Demokopia (simulator)')).not.toBeInTheDocument();
  });

  it('connects: asks for the consent page and sends the browser there', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const calls = stubApi({
      'GET integrations': () => ({ body: { data: integrations({}) } }),
      'POST integrations/accounting/connect': () => ({
        body: { data: { authorizeUrl: 'http://127.0.0.1:4010/oauth-v1/auth?state=abc' } },
      }),
    });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByTestId('accounting-status')).toHaveTextContent('Inte ansluten');
    expect(accounting.queryByRole('button', { name: 'Koppla från' })).not.toBeInTheDocument();
    const button = accounting.getByRole('button', { name: 'Anslut Fortnox' });
    await user.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4010/oauth-v1/auth?state=abc'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Still busy while the browser leaves for the consent page.
    expect(button).toHaveAttribute('data-loading', 'true');
  });

  it('shows the refusal of a connect in a toast and leaves the page as it was', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    stubApi({
      'GET integrations': () => ({ body: { data: integrations({}) } }),
      'POST integrations/accounting/connect': () => ({
        status: 400,
        body: {
          message: 'Klubbkontot använder kopplingsprogrammet',
          eng_message: 'Use the connector',
          error: 'Klubbkontot använder kopplingsprogrammet',
        },
      }),
    });
    renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'Anslut Fortnox' }));
    expect(await screen.findByText('Klubbkontot använder kopplingsprogrammet')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('integration-accounting')).getByRole('button', { name: 'Anslut Fortnox' }),
      ).not.toHaveAttribute('data-loading'),
    );
  });

  it('offers Reconnect when the consent was revoked', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    stubApi({
      'GET integrations': () => ({ body: { data: integrations({ ...connected(), status: 'reconnect_needed' }) } }),
      'POST integrations/accounting/connect': () => ({ body: { data: { authorizeUrl: 'http://sim/consent' } } }),
    });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByTestId('accounting-status')).toHaveTextContent('Behöver anslutas igen');
    await user.click(accounting.getByRole('button', { name: 'Anslut igen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://sim/consent'));
    expect(accounting.getByRole('button', { name: 'Koppla från' })).toBeInTheDocument();
  });

  it('disconnects after a confirmation that says what happens, then shows the new status', async () => {
    let linked = true;
    const calls = stubApi({
      'GET integrations': () => ({ body: { data: integrations(linked ? connected() : {}) } }),
      'DELETE integrations/accounting': () => {
        linked = false;
        return { body: { data: { disconnected: true } } };
      },
    });
    renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'Koppla från' }));
    const dialog = await screen.findByRole('dialog', { name: 'Koppla från Fortnox?' });
    expect(dialog).toHaveTextContent('nycklarna raderas');
    expect(dialog).toHaveTextContent('finns kvar i portalen men uppdateras inte längre');
    expect(dialog).toHaveTextContent('Inga fakturor kan skapas');

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(await card()).getByRole('button', { name: 'Koppla från' }));
    const again = await screen.findByRole('dialog', { name: 'Koppla från Fortnox?' });
    await user.click(within(again).getByRole('button', { name: 'Koppla från' }));
    expect(await screen.findByText('Fortnox är bortkopplat från Fairway Demo GK.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('integration-accounting')).getByTestId('accounting-status')).toHaveTextContent(
        'Inte ansluten',
      ),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['integrations/accounting']);
  });

  it('shows the status but no buttons to a user who may not manage integrations', async () => {
    stubApi({ 'GET integrations': () => ({ body: { data: integrations({ ...connected(), status: 'reconnect_needed' }) } }) });
    renderPage({ ...demoUser, role: 'Staff', scopes: ['company.read'] });
    const accounting = within(await card());
    expect(accounting.getByTestId('accounting-status')).toHaveTextContent('Behöver anslutas igen');
    expect(accounting.queryByRole('button')).not.toBeInTheDocument();
    expect(accounting.getByTestId('accounting-manage-hint')).toHaveTextContent('Be en administratör');
  });

  it('has a badge text for every accounting status, in English too', async () => {
    await setLanguage('en');
    stubApi({
      'GET integrations': () => ({
        body: { data: integrations({ status: 'connector_offline', provider: 'visma_administration' }) },
      }),
    });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByTestId('accounting-status')).toHaveTextContent('Connector offline');
    expect(accounting.getByText('Visma Administration')).toBeInTheDocument();
    // Visma Administration is connected through its connector, not with OAuth from here.
    expect(accounting.queryByRole('button', { name: /^Connect/ })).not.toBeInTheDocument();
    // Its connector gets a card of its own.
    expect(await screen.findByRole('heading', { level: 2, name: 'Connector for Visma Administration' })).toBeInTheDocument();
  });

  it('has no connector card for a cloud program', async () => {
    stubApi({ 'GET integrations': () => ({ body: { data: integrations(connected()) } }) });
    renderPage();
    await card();
    expect(screen.queryByTestId('connector-card')).not.toBeInTheDocument();
  });
});
