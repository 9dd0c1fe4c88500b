import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { loginThroughForm, pathOf } from '../auth/helpers';

describe('navigation guard', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('sends a visitor without a session from the dashboard to /login', async () => {
    await page.goto('/dashboard/acounting/invoices');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login');
    await page.getByRole('button', { name: 'Logga in', exact: true }).waitFor();
  });

  it('sends a logged-in user from the auth pages to the dashboard unless q is given', async () => {
    await loginThroughForm(page);
    for (const path of ['/forgot-password', '/login', '/register', '/reset-password', '/complete-profile']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/dashboard');
    }
    await page.goto('/forgot-password?q=x');
    await page.getByRole('heading', { name: 'Glömt lösenordet?' }).waitFor();
    expect(pathOf(page)).toBe('/forgot-password?q=x');
  });

  it('redirects an unknown path to /error-404', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/error-404');
    await page.getByRole('heading', { name: 'Hoppsan!' }).waitFor();
    await page.getByText('Sidan kunde inte hittas').waitFor();
    await snap(page, 'error-404');

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/another/unknown');
    await page.waitForURL((url) => url.pathname === '/error-404');
    await page.getByRole('heading', { name: 'Oops!' }).waitFor();
    await page.getByText('This page can not be found').waitFor();
  });
});
