import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setTokens } from '../../lib/storage';
import { mockApi, page, refuse } from '../../test/api';
import { demoUser, renderApp, type renderRoutes } from '../../test/render';
import { queryClient } from '../query-client';

vi.setConfig({ testTimeout: 45_000 });

const segment = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Juniorer',
  description: 'Medlemmar under 21 år',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  recurringBilling: true,
  pricesIncludeVat: false,
  interestBilling: false,
  discountPercent: null,
  adminFeeOre: null,
  freightOre: null,
  customerCount: 3,
};

const SEGMENTS_TAB = '/dashboard/acounting/customers?tab=segments';
const expired = () => refuse(401, 'Din session har gått ut', 'Your session has expired');

beforeEach(async () => {
  await setLanguage('sv');
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

/** The user is on the login page that says why, signed out, with nothing else said. */
async function expectSentToLoginAsLoggedOut(router: ReturnType<typeof renderRoutes>['router']) {
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?q=tokenExpired'));
  expect(await screen.findByText('Du har blivit utloggad')).toBeInTheDocument();
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(localStorage.getItem('refreshToken')).toBeNull();
  expect(localStorage.getItem('userData')).toBeNull();
  // The language is the visitor's, not the session's.
  expect(localStorage.getItem('lang')).toBe('sv');
  // A 401 is never a red "Failed" toast: the login page says what happened.
  expect(screen.queryByText('Misslyckat')).toBeNull();
}

describe('a session that ends while the user works', () => {
  it('sends the user to the login page, logged out, when a page’s list answers 401 after the refresh', async () => {
    const calls = mockApi({
      'GET users/me': () => demoUser,
      'POST jwt/refresh-token': expired,
      // The session is over: every other call is refused.
      'ALL *': expired,
    });
    const { router } = renderApp(SEGMENTS_TAB);
    await expectSentToLoginAsLoggedOut(router);
    // One refresh was tried before giving up.
    expect(calls.filter((c) => c.path === 'jwt/refresh-token').map((c) => c.body)).toEqual([{ refreshToken: 'refresh-123' }]);
  });

  it('does the same when a change the user makes answers 401', async () => {
    const user = userEvent.setup({ delay: null });
    let ended = false;
    const calls = mockApi({
      'GET users/me': () => (ended ? expired() : demoUser),
      'GET segments/customers': () => (ended ? expired() : page([segment])),
      'DELETE segments/customers/:id': () => {
        ended = true;
        return expired();
      },
      'POST jwt/refresh-token': expired,
      'GET customers': () => page([]),
      'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
    });
    const { router } = renderApp(SEGMENTS_TAB);
    await user.click(await screen.findByRole('button', { name: 'Ta bort: Juniorer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ta bort kundsegment' })).getByRole('button', { name: 'Ta bort' }),
    );
    await expectSentToLoginAsLoggedOut(router);
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `segments/customers/${segment.id}`)).toBe(true);
    // Nothing claims the segment was deleted.
    expect(screen.queryByText(/har tagits bort/)).toBeNull();
  });
});
