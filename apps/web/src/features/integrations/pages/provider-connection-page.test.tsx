import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { mockApi, refuse, reply } from '../../../test/api';
import ProviderConnectionPage from './provider-connection-page';

vi.setConfig({ testTimeout: 20_000 });

type Handler = (body: unknown) => { status?: number; body: unknown };

/** POST integrations/accounting/callback answered by `handler`; returns the bodies sent to it. */
function stubCallback(handler: Handler) {
  const calls: unknown[] = [];
  mockApi({
    'POST integrations/accounting/callback': ({ body }) => {
      calls.push(body);
      const answer = handler(body);
      return reply(answer.status ?? 200, answer.body);
    },
    'ALL *': () => refuse(404, 'Hittades inte', 'Not found'),
  });
  return calls;
}

/** The app runs in StrictMode (main.tsx), which runs effects twice: the test does too. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/fortnox', Component: ProviderConnectionPage, handle: { connectionProvider: 'fortnox' } },
      { path: '/visma', Component: ProviderConnectionPage, handle: { connectionProvider: 'visma_eekonomi' } },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return router;
}

beforeEach(async () => {
  await setLanguage('sv');
});

describe('provider connection page', () => {
  it('completes the connection exactly once and says which club account is connected to which company', async () => {
    const calls = stubCallback(() => ({
      body: {
        data: { provider: 'fortnox', clubAccountName: 'Fairway Demo GK', companyName: 'Fairway Demo GK AB', target: 'live' },
      },
    }));
    const router = renderAt('/fortnox?code=code-1&state=state-once');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fortnox-anslutning' })).toBeInTheDocument();
    const success = await screen.findByTestId('connection-success');
    expect(success).toHaveTextContent('Fairway Demo GK är nu anslutet till Fortnox (Fairway Demo GK AB).');
    expect(within(success).getByTestId('integration-target')).toHaveTextContent(
      'Skarp kopplingKopplat till det riktiga Fortnox: Fairway Demo GK AB.',
    );
    expect(success).not.toHaveTextContent(/simulator/i);
    expect(screen.getByRole('link', { name: 'Till Integrationer' })).toHaveAttribute(
      'href',
      '/dashboard/configuration/integrations',
    );
    expect(screen.getByRole('link', { name: 'Till översikten' })).toHaveAttribute('href', '/dashboard');
    expect(calls).toEqual([{ provider: 'fortnox', state: 'state-once', code: 'code-1' }]);
    // The spent state leaves the address, so a reload cannot send it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('connection-success')).toBeInTheDocument();
  });

  it('names the simulator when the connection was made to it, in Swedish and English', async () => {
    const simulated = {
      provider: 'fortnox',
      clubAccountName: 'Fairway Demo GK',
      companyName: 'Fairway Demo GK',
      target: 'simulator',
    };
    stubCallback(() => ({ body: { data: simulated } }));
    renderAt('/fortnox?code=c&state=state-sim-sv');
    const success = await screen.findByTestId('connection-success');
    expect(success).toHaveTextContent(
      'Fairway Demo GK är nu anslutet till portalens simulator av Fortnox (Fairway Demo GK), inte till det riktiga Fortnox.',
    );
    expect(success).toHaveTextContent('hämtas nu från simulatorn');
    const notice = within(success).getByTestId('integration-target');
    expect(notice).toHaveAttribute('data-target', 'simulator');
    expect(notice).toHaveTextContent('Simulator (demo)Inga data når Fortnox.');
    expect(success).not.toHaveTextContent('anslutet till Fortnox');

    cleanup();
    await setLanguage('en');
    stubCallback(() => ({ body: { data: { ...simulated, provider: 'visma_eekonomi', companyName: null } } }));
    renderAt('/visma?code=c&state=state-sim-en');
    const english = await screen.findByTestId('connection-success');
    expect(english).toHaveTextContent(
      'Fairway Demo GK is now connected to the portal’s simulator of Visma eEkonomi, not to the real Visma eEkonomi.',
    );
    expect(within(english).getByTestId('integration-target')).toHaveTextContent(
      'Simulator (demo)No data reaches Visma eEkonomi. No connection to the real Visma eEkonomi is set up in this portal',
    );
  });

  it('shows the progress while the connection is being completed', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'POST integrations/accounting/callback': async () => {
        await gate;
        return { provider: 'fortnox', clubAccountName: 'Klubben', companyName: null, target: 'live' };
      },
    });
    renderAt('/fortnox?code=c&state=state-slow');
    expect(await screen.findByText('Slutför anslutningen till Fortnox…')).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('connection-success')).toHaveTextContent('Klubben är nu anslutet till Fortnox.');
  });

  it('shows the server refusal of a bad state with the steps to start again, for Visma eEkonomi on /visma', async () => {
    const calls = stubCallback(() => ({
      status: 400,
      body: {
        message: 'Länken är ogiltig, redan använd eller för gammal.',
        eng_message: 'The link is invalid, used or expired.',
        error: 'Länken är ogiltig, redan använd eller för gammal.',
      },
    }));
    renderAt('/visma?state=bad&code=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visma eEkonomi-anslutning' })).toBeInTheDocument();
    const error = await screen.findByTestId('connection-error');
    expect(error).toHaveTextContent('Anslutningen kunde inte slutföras');
    expect(error).toHaveTextContent('Länken är ogiltig, redan använd eller för gammal.');
    expect(screen.getByText('Tryck på Anslut (eller Anslut igen) för att börja om.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till Integrationer' })).toBeInTheDocument();
    expect(calls).toEqual([{ provider: 'visma_eekonomi', state: 'bad', code: 'x' }]);
  });

  it("passes the provider's refusal on with the state, so the server spends it", async () => {
    const calls = stubCallback(() => ({
      status: 400,
      body: {
        message: 'Anslutningen godkändes inte i Fortnox.',
        eng_message: 'Not approved.',
        error: 'Anslutningen godkändes inte i Fortnox.',
      },
    }));
    renderAt('/fortnox?error=access_denied&error_description=denied&state=state-refused');
    expect(await screen.findByTestId('connection-error')).toHaveTextContent('Anslutningen godkändes inte i Fortnox.');
    expect(calls).toEqual([{ provider: 'fortnox', state: 'state-refused', error: 'access_denied' }]);
  });

  it('explains the page without a state and calls nothing', async () => {
    const calls = stubCallback(() => ({ body: {} }));
    renderAt('/fortnox');
    expect(await screen.findByText(/Hit skickar Fortnox dig tillbaka/)).toBeInTheDocument();
    expect(screen.queryByText('Anslutningen godkändes inte')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('explains a refusal that came back without a state', async () => {
    await setLanguage('en');
    stubCallback(() => ({ body: {} }));
    renderAt('/visma?error=access_denied');
    expect(await screen.findByText('The connection was not approved')).toBeInTheDocument();
    expect(screen.getByText(/Visma eEkonomi sent you back without an approval/)).toBeInTheDocument();
  });
});
