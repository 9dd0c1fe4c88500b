import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setTokens } from '../../lib/storage';
import { mockApi, refuse } from '../../test/api';
import { demoUser, renderApp } from '../../test/render';
import { queryClient } from '../query-client';

// This file's app is Dubbelkoll's (BRAND=dubbelkoll): brand.ts answers the served brand at load.
vi.mock('../brand', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../brand')>();
  return { ...actual, brand: actual.resolveBrand('dubbelkoll') };
});

beforeEach(() => {
  mockApi({
    'GET users/me': () => demoUser,
    'GET subscription/my_modules': () => [
      { id: 'duplicates', name: 'Duplicate detection', includedFromPackageId: 'plus', sortOrder: 8 },
    ],
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
});

afterEach(() => {
  queryClient.clear();
});

const cases = [
  {
    lang: 'sv',
    nav: 'Huvudmeny',
    home: 'Dubbletter',
    groups: ['Konfiguration', 'Hjälp'],
    golf: 'Golfrelaterat',
    userMenu: 'Användarmeny för Karin',
    menu: ['Profil', 'Inställningar', 'Abonnemang', 'Fakturering', 'Faktureringsuppgifter', 'Vanliga frågor', 'API', 'Logga ut'],
  },
  {
    lang: 'en',
    nav: 'Main navigation',
    home: 'Duplicates',
    groups: ['Configuration', 'Help'],
    golf: 'Golf related',
    userMenu: 'User menu for Karin',
    menu: ['Profile', 'Settings', 'Subscription', 'Billing', 'Billing details', 'FAQ', 'API', 'Log out'],
  },
] as const;

describe("Dubbelkoll's dashboard", () => {
  for (const c of cases) {
    it(`leads /dashboard to the duplicates and leaves the golf portal's groups out (${c.lang})`, async () => {
      await setLanguage(c.lang);
      const { router } = renderApp('/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/duplicates'));
      const nav = await screen.findByRole('navigation', { name: c.nav });
      const home = within(nav).getByRole('link', { name: c.home });
      expect(home).toHaveAttribute('href', '/dashboard/duplicates');
      expect(home).toHaveAttribute('aria-current', 'page');
      const groups = within(nav)
        .getAllByRole('button')
        .filter((b) => b.hasAttribute('data-nav-group'))
        .map((b) => b.textContent);
      expect(groups).toEqual([...c.groups]);
      expect(within(nav).queryByRole('button', { name: c.golf })).toBeNull();
    });

    it(`keeps the account and API settings in the user menu, without the golf portal's (${c.lang})`, async () => {
      await setLanguage(c.lang);
      const user = userEvent.setup();
      renderApp('/dashboard/duplicates');
      await screen.findByRole('navigation', { name: c.nav });
      await user.click(screen.getByRole('button', { name: c.userMenu }));
      const menu = await screen.findByRole('menu', { hidden: true });
      const items = within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent);
      expect(items).toEqual([...c.menu]);
    });
  }
});
