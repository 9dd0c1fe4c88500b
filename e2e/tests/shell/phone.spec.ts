import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from '../../fixtures/browser';
import { loginThroughForm } from '../auth/helpers';
import { expectNoRouteError, GROUP_IDS, openGroup, SHELL_SV } from './nav-helpers';

describe('dashboard shell at a phone’s width (375×740)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { width: 375, height: 740 }));
    await loginThroughForm(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const burger = () => page.getByRole('button', { name: SHELL_SV.header.openNavigation });

  it('fits the width without horizontal scrolling', async () => {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await snap(page, 'shell-phone');
  });

  it('opens the sidebar from the burger and reaches each of the five groups', async () => {
    for (const id of GROUP_IDS) {
      await burger().click();
      const nav = page.getByRole('navigation', { name: SHELL_SV.nav.label });
      await nav.getByRole('button', { name: SHELL_SV.nav.groups[id] }).waitFor({ state: 'visible' });
      if (id === GROUP_IDS[0]) await snap(page, 'shell-phone-sidebar');

      const [first] = await openGroup(page, id);
      expect(first, `a link in ${id}`).toBeDefined();
      await page.locator(`#nav-group-${id}`).getByRole('link', { name: first.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === first.href.split('?')[0]);
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoRouteError(page);
      // The drawer closes once a link has been followed, and the burger is back.
      await burger().waitFor({ state: 'visible' });
    }
  });
});
