import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emitAppEvent } from '../../lib/app-events';
import { setLanguage } from '../../lib/i18n';
import { setTokens } from '../../lib/storage';
import { type ApiCall, mockApi, refuse } from '../../test/api';
import { demoUser, renderApp } from '../../test/render';
import { queryClient } from '../query-client';

let calls: ApiCall[] = [];
let me = demoUser;

beforeEach(async () => {
  await setLanguage('sv');
  me = demoUser;
  calls = mockApi({
    'GET users/me': () => me,
    // Switching club account changes the current one.
    [`PUT users/${demoUser.id}`]: ({ body }) => {
      const { currentAccountId } = body as { currentAccountId: string };
      me = { ...me, currentAccount: me.clubAccounts.find((a) => a.id === currentAccountId) ?? null };
      return { id: demoUser.id };
    },
    'POST jwt/logout': () => null,
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

/**
 * The items of the open dropdown menu. jsdom lays nothing out, so floating-ui judges every
 * anchor scrolled out of view and hides the dropdown with display:none; roles and names are
 * still asserted here, visibility is left to the browser tests.
 */
async function openMenuItems() {
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu).findAllByRole('menuitem', { hidden: true });
}

async function openDashboard(path = '/dashboard') {
  const view = renderApp(path);
  await screen.findByRole('navigation', { name: 'Huvudmeny' });
  return view;
}

describe('dashboard shell', () => {
  it('has header, navigation and main landmarks', async () => {
    await openDashboard();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Översikt' })).toBeInTheDocument();
  });

  it('shows the five sidebar groups', async () => {
    await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Huvudmeny' });
    const groups = within(nav)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('data-nav-group'))
      .map((b) => b.textContent);
    expect(groups).toEqual(['Bokföringsdata', 'Golfrelaterat', 'Konfiguration', 'Hjälp', 'Medlemsvård']);
  });

  it('opens a group and navigates with its links', async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Huvudmeny' });
    const help = within(nav).getByRole('button', { name: 'Hjälp' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await user.click(help);
    expect(help).toHaveAttribute('aria-expanded', 'true');
    await user.click(await within(nav).findByRole('link', { name: 'Support' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/help/support'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
  });

  it('highlights the list link and opens its group on a page below it', async () => {
    await openDashboard('/dashboard/acounting/article/create');
    const nav = screen.getByRole('navigation', { name: 'Huvudmeny' });
    expect(within(nav).getByRole('button', { name: 'Bokföringsdata' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Artiklar' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny artikel' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Brödsmulor' });
    expect(within(crumbs).getByRole('link', { name: 'Artiklar' })).toHaveAttribute('href', '/dashboard/acounting/article');
  });

  it('lists every user dropdown entry', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Användarmeny för Karin' }));
    const items = (await openMenuItems()).map((item) => item.textContent);
    expect(items).toEqual([
      'Profil',
      'Inställningar',
      'Abonnemang',
      'Fakturering',
      'Faktureringsuppgifter',
      'Vanliga frågor',
      'Faktura',
      'Avtal',
      'Medlem',
      'Artikel',
      'E-post',
      'API',
      'Logga ut',
    ]);
  });

  it('logs out: revokes the refresh token, clears the session and goes to /login', async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Användarmeny för Karin' }));
    const logout = (await openMenuItems()).find((item) => item.textContent === 'Logga ut');
    await user.click(logout as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logoutCall = calls.find((c) => c.path === 'jwt/logout');
    expect(logoutCall?.body).toEqual({ refreshToken: 'refresh-123' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('switches club account with PUT users/{id} and reloads users/me', async () => {
    const user = userEvent.setup();
    await openDashboard();
    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: /Klubbkonto: Fairway Demo GK\./ }));
    const drift = (await openMenuItems()).find((item) => item.textContent === 'Fairway Demo GK Drift AB');
    await user.click(drift as HTMLElement);
    await waitFor(() =>
      expect(within(header).getByRole('button', { name: /Klubbkonto: Fairway Demo GK Drift AB/ })).toBeInTheDocument(),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/v1/users/${demoUser.id}`);
    expect(put?.body).toEqual({ currentAccountId: demoUser.clubAccounts[1].id });
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').currentAccount.name).toBe('Fairway Demo GK Drift AB');
  });

  it('shows the maintenance banner until it is dismissed, and remembers that', async () => {
    const user = userEvent.setup();
    await openDashboard();
    expect(screen.getByText('Underhåll pågår')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stäng meddelandet om underhåll' }));
    expect(screen.queryByText('Underhåll pågår')).not.toBeInTheDocument();
    expect(localStorage.getItem('maintenanceDismissed')).toBe('true');
  });

  it('opens the access-denied modal with the server message', async () => {
    await openDashboard();
    emitAppEvent('access-denied', { message: 'Du saknar behörigheten invoices.write' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Åtkomst nekad')).toBeInTheDocument();
    expect(within(dialog).getByText('Du saknar behörigheten invoices.write')).toBeInTheDocument();
  });

  it('goes to /login?q=tokenExpired when a call finds the session over', async () => {
    const { router } = await openDashboard();
    emitAppEvent('session-expired', { message: 'Utgången' });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?q=tokenExpired'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('switches the language and remembers it', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: /^Språk: Svenska/ }));
    const english = (await openMenuItems()).find((item) => item.textContent === 'English');
    await user.click(english as HTMLElement);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the skin and stores it under skin', async () => {
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Byt till mörkt tema' }));
    expect(localStorage.getItem('skin')).toBe('dark');
    expect(await screen.findByRole('button', { name: 'Byt till ljust tema' })).toBeInTheDocument();
  });
});
