import type { ConnectorDetails, CurrentUser } from '@fairway/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setStoredUser, setTokens } from '../../../lib/storage';
import { mockApi, refuse, reply } from '../../../test/api';
import { demoUser } from '../../../test/render';
import { ConnectorCard } from './connector-card';

const user = userEvent.setup({ delay: null });
vi.setConfig({ testTimeout: 20_000 });

const KEY_1 = `fwc_${'A'.repeat(43)}`;
const KEY_2 = `fwc_${'B'.repeat(43)}`;

const fresh = (): ConnectorDetails => ({
  status: 'installation_needed',
  target: 'simulator',
  lastSeenAt: null,
  registeredAt: null,
  keyPrefix: null,
  keyCreatedAt: null,
  version: null,
  machine: null,
  companyName: null,
  companyDatabase: null,
  pendingWork: 2,
});

/** A tiny server: GET answers the current details, POST makes a new key and keeps its prefix (or is refused with `refuseKey`). */
function stubServer(initial: ConnectorDetails, refuseKey?: { status: number; body: unknown }) {
  let details = initial;
  const keys = [KEY_1, KEY_2];
  return mockApi({
    'GET integrations/accounting/connector': () => details,
    'POST integrations/accounting/connector/key': () => {
      if (refuseKey) return reply(refuseKey.status, refuseKey.body);
      const made = keys.shift() ?? KEY_2;
      details = { ...details, keyPrefix: made.slice(0, 10), keyCreatedAt: '2025-03-04T10:00:00.000Z' };
      return { key: made, keyPrefix: made.slice(0, 10), createdAt: '2025-03-04T10:00:00.000Z' };
    },
    'ALL *': () => refuse(404, 'Hittades inte', 'Not found'),
  });
}

function renderCard(mayManage = true, who: CurrentUser = demoUser) {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  setStoredUser(who);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <ConnectorCard clubAccountId={who.currentAccount?.id ?? ''} clubAccountName="Fairway Demo GK" mayManage={mayManage} />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  await setLanguage('sv');
});

describe('Visma Administration connector card', () => {
  it('shows the installation steps and shows a new key once, with a copy button', async () => {
    const calls = stubServer(fresh());
    renderCard();
    const card = await screen.findByTestId('connector-card');
    expect(await within(card).findByTestId('connector-status')).toHaveTextContent('Installation behövs');
    expect(card).toHaveTextContent('Så installerar du kopplingsprogrammet');
    expect(card).toHaveTextContent('Ingen nyckel skapad än');
    expect(card).toHaveTextContent(`"serverUrl": "${window.location.origin}"`);

    await user.click(within(card).getByRole('button', { name: 'Skapa nyckel' }));
    const shown = await within(card).findByTestId('connector-new-key');
    expect(shown).toHaveTextContent(KEY_1);
    expect(within(shown).getByRole('button', { name: 'Kopiera nyckeln' })).toBeInTheDocument();
    // The card now names the key in use by its prefix only, and offers to change it.
    await waitFor(() => expect(card).toHaveTextContent(`${KEY_1.slice(0, 10)}…`));
    expect(within(card).getByRole('button', { name: 'Byt nyckel' })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Jag har sparat nyckeln' }));
    expect(within(card).queryByTestId('connector-new-key')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(KEY_1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('changes the key only after a confirmation that the old one stops working', async () => {
    const calls = stubServer({
      ...fresh(),
      status: 'online',
      lastSeenAt: '2025-03-04T10:05:00.000Z',
      registeredAt: '2025-03-01T08:00:00.000Z',
      keyPrefix: KEY_1.slice(0, 10),
      keyCreatedAt: '2025-03-01T07:55:00.000Z',
      machine: 'KANSLI-PC',
      version: '1.0.0',
      companyName: 'Fairway Demo GK Drift AB',
      companyDatabase: 'DRIFT',
    });
    renderCard();
    const card = await screen.findByTestId('connector-card');
    expect(await within(card).findByTestId('connector-status')).toHaveTextContent('Online');
    expect(card).toHaveTextContent('KANSLI-PC');
    expect(card).toHaveTextContent('Fairway Demo GK Drift AB (DRIFT)');
    // The company is the connector's simulated one: the card says no data reaches Visma Administration.
    const target = within(card).getByTestId('integration-target');
    expect(target).toHaveAttribute('data-target', 'simulator');
    expect(target).toHaveTextContent('Simulator (demo)');
    expect(target).toHaveTextContent('Visma Administration');
    expect(card).not.toHaveTextContent('Så installerar du kopplingsprogrammet');

    await user.click(within(card).getByRole('button', { name: 'Byt nyckel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Byta nyckel för kopplingsprogrammet?' });
    expect(dialog).toHaveTextContent('slutar fungera direkt');
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Byt nyckel' }));
    dialog = await screen.findByRole('dialog', { name: 'Byta nyckel för kopplingsprogrammet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Byt nyckel' }));
    expect(await within(card).findByTestId('connector-new-key')).toHaveTextContent(KEY_1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows a refused key change in its confirmation dialog, which stays open', async () => {
    stubServer(
      { ...fresh(), status: 'online', keyPrefix: KEY_1.slice(0, 10), keyCreatedAt: '2025-03-01T07:55:00.000Z' },
      {
        status: 409,
        body: { message: 'Klubbkontot använder inte Visma Administration', eng_message: 'Not Visma Administration' },
      },
    );
    renderCard();
    const card = await screen.findByTestId('connector-card');
    await user.click(await within(card).findByRole('button', { name: 'Byt nyckel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Byta nyckel för kopplingsprogrammet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Byt nyckel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Klubbkontot använder inte Visma Administration');
    expect(within(card).queryByTestId('connector-new-key')).not.toBeInTheDocument();
  });

  it('shows a refused first key on the card', async () => {
    stubServer(fresh(), { status: 409, body: { message: 'Klubbkontot använder inte Visma Administration', eng_message: 'x' } });
    renderCard();
    const card = await screen.findByTestId('connector-card');
    await user.click(await within(card).findByRole('button', { name: 'Skapa nyckel' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Klubbkontot använder inte Visma Administration');
  });

  it('shows an offline connector and no key buttons to a user who may not manage integrations', async () => {
    await setLanguage('en');
    stubServer({
      ...fresh(),
      status: 'offline',
      registeredAt: '2025-03-01T08:00:00.000Z',
      lastSeenAt: '2025-03-02T08:00:00.000Z',
      keyPrefix: 'fwc_AAAAAA',
    });
    renderCard(false);
    const card = await screen.findByTestId('connector-card');
    expect(await within(card).findByTestId('connector-status')).toHaveTextContent('Offline');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByTestId('connector-manage-hint')).toHaveTextContent('Ask an administrator');
  });
});
