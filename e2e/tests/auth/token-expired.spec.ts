import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { loginThroughForm, OWNER, pathOf, storedSession } from './helpers';

describe('token expired', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('sends a visitor with a dead token to /login?q=tokenExpired and forgets the session', async () => {
    await page.goto('/login');
    await page.evaluate((email) => {
      localStorage.setItem('accessToken', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.bogus-signature');
      localStorage.setItem('refreshToken', 'bogus-refresh-token');
      localStorage.setItem(
        'userData',
        JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', name: 'Gammal Session', email, role: 'Owner' }),
      );
    }, OWNER.email);

    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('q') === 'tokenExpired');
    expect(pathOf(page)).toBe('/login?q=tokenExpired');
    await page.getByText('Du har blivit utloggad').waitFor();
    expect(await storedSession(page)).toEqual({ accessToken: null, refreshToken: null, userData: null });
    await snap(page, 'login-token-expired');

    // The notice sits above a working form: signing in again goes to the dashboard.
    await loginThroughForm(page);
    expect((await storedSession(page)).accessToken).toBeTruthy();
  });

  it('shows the notice in English too', async () => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/login?q=tokenExpired');
    await page.getByText('You have been logged out').waitFor();
  });
});
