import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { eventually, loginThroughForm, OWNER, PASSWORD_LABEL, pathOf, storedSession } from './helpers';

describe('login and logout', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('says which fields are missing before calling the server', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await eventually(async () => expect(await page.getByText('Detta fält är obligatoriskt').count()).toBe(2));
    await snap(page, 'login-empty-submit');
  });

  it('refuses a wrong password with the server’s generic message', async () => {
    await page.goto('/login');
    await page.getByLabel(/^E-postadress/).fill(OWNER.email);
    await page.getByLabel(PASSWORD_LABEL).fill('Wrong!Password9');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Inloggningen misslyckades' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Felaktig e-postadress eller lösenord');
    expect(pathOf(page)).toBe('/login');
    expect((await storedSession(page)).accessToken).toBeNull();
  });

  it('shows and hides the password', async () => {
    await page.goto('/login');
    const password = page.getByLabel(PASSWORD_LABEL);
    await password.fill('Secret!123');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Visa lösenord' }).click();
    expect(await password.getAttribute('type')).toBe('text');
  });

  it('signs the owner in to the dashboard and out again', async () => {
    await page.goto('/login');
    await snap(page, 'login');
    await loginThroughForm(page);
    const session = await storedSession(page);
    expect(session.accessToken).toBeTruthy();
    expect(session.refreshToken).toBeTruthy();
    expect(JSON.parse(session.userData ?? '{}').email).toBe(OWNER.email);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await page.getByRole('button', { name: /^Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedSession(page)).toEqual({ accessToken: null, refreshToken: null, userData: null });

    // The session is really over: the dashboard sends the visitor back to the login page.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Logga in', exact: true }).waitFor();
  });

  it('links to the forgot-password and registration pages', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('link', { name: 'Tillbaka till inloggningen' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('main').getByRole('link', { name: 'Registrera er här' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
  });
});
