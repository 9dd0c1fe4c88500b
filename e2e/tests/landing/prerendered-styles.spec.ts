import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePagePerTest } from '../../fixtures/browser';
import { choose, type Skin } from './helpers';

/**
 * A prerendered public page carries in its HTML only the CSS its own markup uses and loads the
 * whole stylesheet without waiting for it (docs/web-app.md#prerendered-pages).
 */
describe("a prerendered page's styles", () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  /** What a reader sees painted from the HTML alone: the stylesheet, the fonts and the app's scripts held back. */
  async function fromHtmlAlone(skin: Skin) {
    await choose(page, 'sv', skin);
    await page.route(/\/assets\//, (route) => route.abort());
    await page.goto('/');
    return page.evaluate(() => {
      const h1 = document.querySelector('h1') as HTMLElement;
      const button = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/register' && a.closest('main'));
      return {
        background: getComputedStyle(document.body).backgroundColor,
        h1Weight: getComputedStyle(h1).fontWeight,
        buttonBackground: button ? getComputedStyle(button).backgroundColor : undefined,
        interFace: [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Inter Variable'),
      };
    });
  }

  for (const [skin, background] of [
    ['light', 'rgb(255, 255, 255)'],
    ['dark', 'rgb(36, 36, 36)'],
  ] as const) {
    it(`paints the home page styled in the ${skin} skin from its HTML alone`, async () => {
      const painted = await fromHtmlAlone(skin);
      expect(painted.background).toBe(background);
      expect(Number(painted.h1Weight)).toBeGreaterThanOrEqual(600);
      // The hero's call to action is a filled button, not a bare link.
      expect(painted.buttonBackground).toBeDefined();
      expect(painted.buttonBackground).not.toBe('rgba(0, 0, 0, 0)');
      // Its text is set in Inter from the first paint (index.html preloads the face).
      expect(painted.interFace).toBe(true);
    }, 60_000);
  }

  it('carries a fraction of the stylesheet in the HTML and applies the whole of it once the app runs', async () => {
    await page.goto('/');
    // The header's buttons are enabled once the app has taken the page over (lib/use-hydrated.ts).
    await expect.poll(() => page.locator('header button[aria-disabled="true"]').count(), { timeout: 60_000 }).toBe(0);
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        linked: sheet.href !== null,
        media: sheet.media.mediaText,
      })),
    );
    const linked = sheets.filter((sheet) => sheet.linked);
    expect(linked).toHaveLength(1);
    expect(linked[0]?.media).toBe('all');
    const inHead = await page.evaluate(() => document.head.querySelector('style:last-of-type')?.textContent?.length ?? 0);
    const whole = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href;
      return href ? (await (await fetch(href)).text()).length : 0;
    });
    expect(whole).toBeGreaterThan(0);
    expect(inHead).toBeLessThan(whole / 4);
  }, 60_000);

  it('asks for its scripts only once it has painted, and then for all of them', async () => {
    await page.goto('/price');
    await expect.poll(() => page.locator('header button[aria-disabled="true"]').count(), { timeout: 60_000 }).toBe(0);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
      leftAsLinks: document.querySelectorAll('link[rel^="after-paint-"]').length,
    }));
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(5);
    // public/boot.js turned every link back into its script or preload, after the paint.
    expect(timing.leftAsLinks).toBe(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint as number);
  }, 60_000);
});
