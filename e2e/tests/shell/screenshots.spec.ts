import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, snap } from '../../fixtures/browser';
import { expectNoRouteError } from './nav-helpers';

/** Every public route (docs/web-app.md#routes), with the file name its screenshot is kept under. */
const PUBLIC_PAGES: readonly [path: string, name: string][] = [
  ['/', 'public-landing'],
  ['/functions', 'public-functions'],
  ['/price', 'public-price'],
  ['/faq', 'public-faq'],
  ['/blog', 'public-blog'],
  ['/blog-details/1/valkommen', 'public-blog-post'],
  ['/contact-us', 'public-contact'],
  ['/fortnox', 'public-fortnox'],
  ['/login', 'public-login'],
  ['/register', 'public-register'],
  ['/forgot-password', 'public-forgot-password'],
  ['/reset-password', 'public-reset-password'],
  ['/complete-profile', 'public-complete-profile'],
  ['/error-404', 'public-error-404'],
];

describe('screenshots of the public pages', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const width of [1366, 375] as const) {
    it(`renders each public page with a heading at ${width}px`, async () => {
      await context?.close();
      ({ context, page } = await newPage(browser, { width, height: width === 375 ? 740 : 900 }));
      for (const [path, name] of PUBLIC_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectNoRouteError(page);
        // Fonts and images settle before the picture is taken.
        await page.evaluate(() => document.fonts.ready);
        await snap(page, width === 375 ? `${name}-phone` : name);
      }
    });
  }
});
