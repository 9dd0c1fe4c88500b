import type { CurrentUser, Integration, Integrations } from '@fairway/shared';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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

function integrations(accounting: Partial<Integration>, gitTarget: Integration['target'] = 'simulator'): Integrations {
  return {
    clubAccount,
    integrations: [
      {
        system: 'accounting',
        provider: 'fortnox',
        status: 'not_connected',
        target: 'simulator',
        accounting: { companyName: null, connectedAt: null, lastRefresh: null, connectorLastSeenAt: null },
        ...accounting,
      },
      { system: 'git', provider: 'git', status: 'not_connected', target: gitTarget },
      { system: 'sms', provider: null, status: 'no_plan', target: null },
      { system: 'email', provider: 'smtp', status: 'connected', target: null },
    ],
  };
}

const connected = (): Partial<Integration> => ({
  status: 'connected',
  target: 'simulator',
  accounting: {
    companyName: 'Fairway Demo GK (Fortnox)',
    connectedAt: '2025-03-04T09:15:00.000Z',
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
  it('shows company, connected time, the simulator notice and the last refresh of a connected program', async () => {
    stubApi({ 'GET integrations': () => ({ body: { data: integrations(connected()) } }) });
    renderPage();
    const accounting = within(await card());
    expect(accounting.getByTestId('accounting-status')).toHaveTextContent('Ansluten');
    const details = accounting.getByTestId('accounting-details');
    expect(within(details).getByText('Företag').nextSibling).toHaveTextContent('Fairway Demo GK (Fortnox)');
    expect(within(details).getByText('Ansluten').nextSibling).toHaveTextContent(/2025/);
    expect(within(details).getByText('Senaste uppdatering').nextSibling).toHaveTextContent(/Klar/);
    expect(accounting.getByTestId('integration-target')).toHaveTextContent('Simulator (demo)Inga data når Fortnox.');
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
            target: 'live',
            accounting: {
              ...(failed.accounting as NonNullable<Integration['accounting']>),
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
    expect(accounting.queryByText('Simulator (demo)')).not.toBeInTheDocument();
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

describe('integrations page: the real system or our simulator', () => {
  const target = async (testId: string) => within(await screen.findByTestId(testId)).getByTestId('integration-target');

  it('says outright, in Swedish, that a simulator link reaches no real Fortnox, and why', async () => {
    stubApi({ 'GET integrations': () => ({ body: { data: integrations(connected()) } }) });
    renderPage();
    const notice = await target('integration-accounting');
    expect(notice).toHaveAttribute('data-target', 'simulator');
    expect(within(notice).getByText('Simulator (demo)')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      'Inga data når Fortnox. Portalen har ingen koppling till det riktiga Fortnox inställd, så klubbkontot ansluts till portalens inbyggda simulator.',
    );
    // Before connecting too: the card says where Connect leads.
    cleanup();
    stubApi({ 'GET integrations': () => ({ body: { data: integrations({}) } }) });
    renderPage();
    expect(await target('integration-accounting')).toHaveTextContent('Simulator (demo)Inga data når Fortnox.');
  });

  it('says it in English too, for Visma Administration with the ADK it needs and for GIT with its licence', async () => {
    await setLanguage('en');
    stubApi({
      'GET integrations': () => ({
        body: { data: integrations({ status: 'installation_needed', provider: 'visma_administration' }) },
      }),
    });
    renderPage();
    expect(await target('integration-accounting')).toHaveTextContent(
      'Simulator (demo)No data reaches Visma Administration. The connector works against a simulated company; the real Visma Administration needs Visma’s integration kit (ADK) on the club’s computer.',
    );
    expect(await target('integration-git')).toHaveTextContent(
      'Simulator (demo)No data reaches GIT. GIT’s web services need a developer licence from the Swedish Golf Federation',
    );
  });

  it('names the real program and the company for a live link, and no simulator anywhere', async () => {
    stubApi({
      'GET integrations': () => ({ body: { data: integrations({ ...connected(), target: 'live' }, 'live') } }),
    });
    renderPage();
    const notice = await target('integration-accounting');
    expect(notice).toHaveAttribute('data-target', 'live');
    expect(notice).toHaveTextContent('Skarp kopplingKopplat till det riktiga Fortnox: Fairway Demo GK (Fortnox).');
    expect(await target('integration-git')).toHaveTextContent('Skarp kopplingAnslutningen görs till det riktiga GIT.');
    expect(screen.queryByText(/simulator/i)).not.toBeInTheDocument();
  });

  it('names the GIT simulator when GIT was connected to it, not GIT', async () => {
    let linked = false;
    stubApi({
      'GET integrations': () => ({
        body: {
          data: {
            ...integrations({}),
            integrations: integrations({}).integrations.map((i) =>
              i.system === 'git' && linked ? { ...i, status: 'connected' } : i,
            ),
          },
        },
      }),
      'GET git/connection': () => ({
        body: {
          data: {
            status: linked ? 'connected' : 'not_connected',
            clubId: linked ? '0470' : null,
            clubName: linked ? 'Fairway Demo GK' : null,
            environment: linked ? 'live' : null,
            connectedAt: linked ? '2026-01-10T10:00:00.000Z' : null,
            revokedAt: null,
            lastError: null,
          },
        },
      }),
      'PUT git/connection': () => {
        linked = true;
        return {
          body: {
            data: {
              status: 'connected',
              clubId: '0470',
              clubName: 'Fairway Demo GK',
              environment: 'live',
              connectedAt: '2026-01-10T10:00:00.000Z',
              revokedAt: null,
              lastError: null,
            },
          },
        };
      },
    });
    renderPage();
    const card = within(await screen.findByTestId('integration-git'));
    await user.click(await card.findByRole('button', { name: 'Anslut GIT' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anslut GIT' }));
    await user.type(dialog.getByRole('textbox', { name: /Klubbens id i GIT/ }), '0470');
    await user.type(dialog.getByLabelText(/API-nyckel/), 'git-simulator-key');
    const address = dialog.getByRole('textbox', { name: /Adress till GIT:s API/ });
    await user.clear(address);
    await user.type(address, 'http://127.0.0.1:4020/api/v1');
    await user.click(dialog.getByRole('button', { name: 'Anslut' }));
    // The server says the address is its own simulator: the confirmation says so, not "GIT is connected".
    expect(
      await screen.findByText('GIT-simulatorn (demo) är ansluten (Fairway Demo GK). Inga data når GIT.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('GIT är anslutet (Fairway Demo GK)')).not.toBeInTheDocument();
    expect(await target('integration-git')).toHaveTextContent('Simulator (demo)Inga data når GIT.');
  });

  it('fits a phone: the badge keeps its words beside the wrapping line', async () => {
    stubApi({ 'GET integrations': () => ({ body: { data: integrations(connected()) } }) });
    renderPage();
    const notice = await target('integration-accounting');
    // A word and an icon, never colour alone; the icon is decoration for screen readers.
    const badge = within(notice).getByText('Simulator (demo)').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveStyle({ flexShrink: '0' });
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
