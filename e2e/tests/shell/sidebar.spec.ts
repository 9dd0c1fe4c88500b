import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from '../../fixtures/browser';
import { loginThroughForm } from '../auth/helpers';
import { expectNoRouteError, GROUP_IDS, openGroup, SHELL_SV, type SidebarLink } from './nav-helpers';

describe('dashboard shell on a desktop', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    await loginThroughForm(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows the five groups', async () => {
    const nav = page.getByRole('navigation', { name: SHELL_SV.nav.label });
    await nav.waitFor();
    for (const id of GROUP_IDS) {
      await nav.getByRole('button', { name: SHELL_SV.nav.groups[id] }).waitFor();
    }
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await snap(page, 'shell-dashboard');
  });

  it('opens every sidebar link on a page with a heading and no error', async () => {
    const links: SidebarLink[] = [];
    for (const id of GROUP_IDS) links.push(...(await openGroup(page, id)));
    expect(links.length).toBeGreaterThanOrEqual(20);

    for (const link of links) {
      await openGroup(page, link.group);
      await page.locator(`#nav-group-${link.group}`).getByRole('link', { name: link.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === link.href.split('?')[0]);
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      await heading.first().waitFor();
      expect(((await heading.first().textContent()) ?? '').trim(), `heading on ${link.href}`).not.toBe('');
      await expectNoRouteError(page);
    }
    expect(pageErrors).toEqual([]);
  });

  it('opens the user menu with its entries', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Användarmeny för/ }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).waitFor();
    await snap(page, 'shell-user-menu');
    await page.keyboard.press('Escape');
  });
});
