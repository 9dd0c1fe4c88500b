import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setTokens } from '../../lib/storage';
import { mockApi, refuse } from '../../test/api';
import { demoUser, renderRoutes } from '../../test/render';
import { queryClient } from '../query-client';
import { LazyClubAccountSwitcher, LazyUserMenu } from './header-menus';

// Each menu's code arrives only when its gate opens, as on a slow connection or a busy machine.
const gates = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const arrived = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { arrived, open: () => open() };
  };
  return { userMenu: gate(), clubAccount: gate() };
});
vi.mock('./user-menu', async (importOriginal) => {
  await gates.userMenu.arrived;
  return importOriginal();
});
vi.mock('./club-account-switcher', async (importOriginal) => {
  await gates.clubAccount.arrived;
  return importOriginal();
});

beforeEach(async () => {
  await setLanguage('sv');
  mockApi({ 'GET users/me': () => demoUser, 'ALL *': () => refuse(404, 'Finns inte', 'Not found') });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

function renderHeader() {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <LazyClubAccountSwitcher />
            <LazyUserMenu />
          </>
        ),
      },
    ],
    '/',
  );
}

/** The open dropdown's items (jsdom lays nothing out, so floating-ui hides them: see vertical-layout.test.tsx). */
async function menuItems() {
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
}

describe('the header menus before their code is in', () => {
  it('opens the user menu that was clicked while it was still loading', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = await screen.findByRole('button', { name: 'Användarmeny för Karin' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument();

    gates.userMenu.open();
    expect(await menuItems()).toContain('Logga ut');
    expect(screen.getByRole('button', { name: 'Användarmeny för Karin' })).not.toHaveAttribute('aria-busy');
  });

  it('opens the club account switcher that was clicked while it was still loading, and only that menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    // The user menu's code is in (the test above); it stays closed.
    await screen.findByRole('button', { name: 'Användarmeny för Karin', expanded: false });
    await user.click(await screen.findByRole('button', { name: /Klubbkonto: Fairway Demo GK\./ }));

    gates.clubAccount.open();
    expect(await menuItems()).toEqual(['Fairway Demo GK', 'Fairway Demo GK Drift AB']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Klubbkonto: Fairway Demo GK\./ })).toHaveAttribute('aria-expanded', 'true'),
    );
  });
});
