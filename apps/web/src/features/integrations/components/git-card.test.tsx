import type { GitConnectionInfo } from '@fairway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { setLanguage } from '../../../lib/i18n';
import { setTokens } from '../../../lib/storage';
import { mockApi, refuse } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { GitCard } from './git-card';

const revoked: GitConnectionInfo = {
  status: 'key_revoked',
  clubId: '0470',
  clubName: 'Fairway Demo GK',
  environment: 'live',
  connectedAt: '2026-01-10T10:00:00.000Z',
  revokedAt: '2026-11-20T08:00:00.000Z',
  lastError: 'unauthorized',
};

let connection: GitConnectionInfo = revoked;
const writes: { method: string; path: string; body: unknown }[] = [];

beforeEach(async () => {
  await setLanguage('sv');
  connection = revoked;
  writes.length = 0;
  const write = (request: Request, body: unknown) =>
    writes.push({ method: request.method, path: new URL(request.url).pathname, body: body ?? null });
  mockApi({
    'GET git/connection': () => connection,
    // GIT refuses the key it is given.
    'PUT git/connection': ({ request, body }) => {
      write(request, body);
      return refuse(
        409,
        'GIT godkände inte API-nyckeln. Kontrollera nyckeln och GIT-klubb-id under API-konfiguration.',
        'GIT did not accept the API key.',
      );
    },
    // Disconnecting forgets the club.
    'ALL git/connection': ({ request, body }) => {
      write(request, body);
      connection = { ...revoked, status: 'not_connected', clubId: null, clubName: null, connectedAt: null, revokedAt: null };
      return connection;
    },
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

const open = (mayManage = true) =>
  renderRoutes([{ path: '/', element: <GitCard mayManage={mayManage} mayRead fallbackStatus="connected" target="live" /> }], '/');

describe('GIT card', { timeout: 30_000 }, () => {
  it('prompts a reconnect when GIT revoked the key, and keeps the refusal of a bad key in the form', async () => {
    const user = userEvent.setup();
    open();
    const card = await screen.findByTestId('integration-git');
    await within(card).findByText('Nyckeln återkallad');
    expect(within(card).getByText('GIT tar inte längre emot nyckeln')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Anslut igen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Anslut GIT' });
    // The shared rule refuses an address that is not http(s) before anything is sent.
    await user.type(within(dialog).getByRole('textbox', { name: /Klubbens id i GIT/ }), '0470');
    await user.type(within(dialog).getByLabelText(/API-nyckel/), 'fel-nyckel');
    const address = within(dialog).getByRole('textbox', { name: /Adress till GIT:s API/ });
    await user.clear(address);
    await user.type(address, 'ftp://git.example');
    await user.click(within(dialog).getByRole('button', { name: 'Anslut' }));
    expect(await within(dialog).findByText(/URL/)).toBeTruthy();
    expect(writes).toEqual([]);

    await user.clear(address);
    await user.type(address, 'https://api.git.example/v1');
    await user.click(within(dialog).getByRole('button', { name: 'Anslut' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('GIT godkände inte API-nyckeln');
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/git/connection',
        body: { clubId: '0470', apiKey: 'fel-nyckel', baseUrl: 'https://api.git.example/v1' },
      },
    ]);
    expect(screen.getByRole('dialog', { name: 'Anslut GIT' })).toBeTruthy();
  });

  it('disconnects only after a confirmation', async () => {
    const user = userEvent.setup();
    open();
    const card = await screen.findByTestId('integration-git');
    await user.click(await within(card).findByRole('button', { name: 'Koppla från' }));
    const dialog = await screen.findByRole('dialog', { name: 'Koppla från GIT?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(writes).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Koppla från' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Koppla från GIT?' })).getByRole('button', { name: 'Koppla från' }),
    );
    await waitFor(() => expect(writes.map((w) => w.method)).toEqual(['DELETE']));
    await within(card).findByRole('button', { name: 'Anslut GIT' });
  });

  it('offers no buttons to a user who may not manage integrations', async () => {
    open(false);
    const card = await screen.findByTestId('integration-git');
    await within(card).findByText('Nyckeln återkallad');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
