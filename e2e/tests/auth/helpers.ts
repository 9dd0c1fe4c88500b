import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_LOGINS, type DemoLogin } from '../../../apps/server/src/db/seed/demo-logins';
import { baseUrl } from '../../fixtures/browser';

/** The seeded Owner of "Fairway Demo GK" (apps/server/src/db/seed/demo-logins.ts, printed in the README). */
export const OWNER: DemoLogin = (() => {
  const owner = DEMO_LOGINS.find((l) => l.role === 'Owner');
  if (!owner) throw new Error('The demo seed has no Owner login');
  return owner;
})();

/** A password that satisfies the password rule (docs/api.md#validation), different on each call. */
export function strongPassword(tag = ''): string {
  return `Golf!${tag}${Math.random().toString(36).slice(2, 8)}A1`;
}

/** An e-mail address nobody has registered yet. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@e2e.fairway.test`;
}

/**
 * Polls until `check` stops throwing (or gives up with its last error). The default deadline
 * allows for a loaded two-core machine; it only matters when the check never passes.
 */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Waits for `target` as a user waiting on background work (the first refresh from GIT, a job's
 * log line) would: look, and reload (or open `url`) when it is not there yet. Each look allows as
 * long as a loaded machine may take to draw the page; `deadlineMs` bounds the whole wait.
 */
export async function reloadUntilVisible(page: Page, target: Locator, deadlineMs = 180_000, url?: string): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      await target.waitFor({ timeout: 60_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (url) await page.goto(url);
    else await page.reload();
  }
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The password input's label (not "Visa lösenord" nor "Bekräfta lösenord"); Mantine may append ' *'. */
export const PASSWORD_LABEL = /^Lösenord( \*)?$/;

/**
 * Signs in through the login form, as a user would, and waits for the dashboard (`home`: under
 * Dubbelkoll the duplicates, docs/brands.md).
 */
export async function loginThroughForm(
  page: Page,
  login: { email: string; password: string } = OWNER,
  home = '/dashboard',
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^E-postadress/).fill(login.email);
  await page.getByLabel(PASSWORD_LABEL).fill(login.password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === home, { timeout: 60_000 });
}

/** The three session keys (docs/web-app.md#storage), as the page's localStorage holds them. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    userData: localStorage.getItem('userData'),
  }));
}

interface ApiEnvelope<T> {
  data: T;
}

/** A call straight to the API (set-up only; the tests themselves go through the browser). */
export async function apiCall<T>(method: string, path: string, body?: unknown, accessToken?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': 'sv',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
  return (JSON.parse(text) as ApiEnvelope<T>).data;
}

/**
 * Registers a new club and its Owner straight through the API, for tests that need an account of
 * their own (so changing its password cannot disturb the demo logins other tests use). The club
 * keeps its books in Fortnox unless `accountingProgram` names another program.
 */
export async function registerOwnerViaApi(
  prefix: string,
  options: { accountingProgram?: 'fortnox' | 'visma_eekonomi' | 'visma_administration' } = {},
): Promise<{ email: string; password: string; name: string; accessToken: string }> {
  const packages = await apiCall<{ id: string; maxUsers: number }[]>('GET', 'landing_page/packages');
  const clubs = await apiCall<{ id: string }[]>('GET', 'landing_page/golf_clubs');
  // A package with room for a second user, so the account can invite someone.
  const pkg = packages.find((p) => p.maxUsers >= 2) ?? packages[0];
  const account = { email: uniqueEmail(prefix), password: strongPassword('Own'), name: 'Eva Testsson' };
  const session = await apiCall<{ accessToken: string }>('POST', 'auth/signup', {
    customerType: 'new',
    name: account.name,
    email: account.email,
    password: account.password,
    passwordConfirmation: account.password,
    accountingProgram: options.accountingProgram ?? 'fortnox',
    termsAccepted: true,
    packageId: pkg.id,
    golfClubId: clubs[0].id,
  });
  return { ...account, accessToken: session.accessToken };
}
