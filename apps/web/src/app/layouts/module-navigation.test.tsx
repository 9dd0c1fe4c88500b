import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setTokens } from '../../lib/storage';
import { mockApi, refuse } from '../../test/api';
import { demoUser, renderApp } from '../../test/render';
import { queryClient } from '../query-client';

afterEach(() => {
  queryClient.clear();
});

const DUPLICATES_MODULE = { id: 'duplicates', name: 'Duplicate detection', includedFromPackageId: 'plus', sortOrder: 8 };
const INVOICING_MODULE = { id: 'invoicing', name: 'Invoicing', includedFromPackageId: 'free', sortOrder: 1 };

async function accountingLinks(lang: 'sv' | 'en', modules: object[]) {
  await setLanguage(lang);
  mockApi({
    'GET users/me': () => demoUser,
    'GET subscription/my_modules': () => modules,
    'ALL *': () => refuse(404, 'Finns inte', 'Not found'),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh-123' });
  renderApp('/dashboard');
  const nav = await screen.findByRole('navigation', { name: lang === 'sv' ? 'Huvudmeny' : 'Main navigation' });
  await userEvent.setup().click(within(nav).getByRole('button', { name: lang === 'sv' ? 'Bokföringsdata' : 'Accounting data' }));
  // The invoices link is there either way: the group is open.
  await within(nav).findByRole('link', { name: lang === 'sv' ? 'Fakturor' : 'Invoices' });
  return nav;
}

describe("Fairway's navigation and the duplicates module", () => {
  for (const lang of ['sv', 'en'] as const) {
    const name = lang === 'sv' ? 'Dubbletter' : 'Duplicates';

    it(`shows Duplicates to a club whose package has the module (${lang})`, async () => {
      const nav = await accountingLinks(lang, [INVOICING_MODULE, DUPLICATES_MODULE]);
      expect(await within(nav).findByRole('link', { name })).toHaveAttribute('href', '/dashboard/duplicates');
    });

    it(`leaves Duplicates out for a club without the module (${lang})`, async () => {
      const nav = await accountingLinks(lang, [INVOICING_MODULE]);
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    });
  }
});
