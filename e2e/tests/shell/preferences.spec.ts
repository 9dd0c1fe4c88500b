import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { OWNER } from '../auth/helpers';

describe('language and skin', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  const colorScheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

  it('switches from Swedish to English and keeps it after a reload', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sv');

    await page.getByRole('button', { name: /Byt språk/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await snap(page, 'login-en');

    // And back again.
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitem', { name: 'Svenska' }).click();
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
  });

  it('switches from light to dark and keeps it after a reload', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    expect(await colorScheme()).toBe('light');
    await page.getByRole('button', { name: 'Byt till mörkt tema' }).click();
    expect(await colorScheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('skin'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    expect(await colorScheme()).toBe('dark');
    await page.getByRole('button', { name: 'Byt till ljust tema' }).waitFor();
    await snap(page, 'login-dark');
  });

  it('keeps both choices inside the dashboard', async () => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('skin', 'dark');
    });
    await page.goto('/login');
    await page.getByLabel(/^Email address/).fill(OWNER.email);
    await page.getByLabel(/^Password( \*)?$/).fill(OWNER.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('button', { name: /^User menu/ }).waitFor();
    expect(await colorScheme()).toBe('dark');
    await snap(page, 'dashboard-dark-en');

    await page.reload();
    await page.getByRole('button', { name: /^User menu/ }).waitFor();
    expect(await colorScheme()).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
