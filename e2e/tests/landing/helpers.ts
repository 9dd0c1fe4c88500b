import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { baseUrl, launchBrowser, withLoadedMachineDeadlines } from '../../fixtures/browser';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type Lang = 'sv' | 'en';
export type Skin = 'light' | 'dark';
export const COMBINATIONS: readonly { lang: Lang; skin: Skin }[] = [
  { lang: 'sv', skin: 'light' },
  { lang: 'sv', skin: 'dark' },
  { lang: 'en', skin: 'light' },
  { lang: 'en', skin: 'dark' },
];

/**
 * One Chromium per file and a fresh context per test, like `usePagePerTest`, but the context
 * lets axe-core in: the product's Content-Security-Policy rightly refuses inline scripts, and
 * `addScriptTag` injects one. `origin` points the pages at another server (the Dubbelkoll one).
 */
export function useAxePage(assign: (page: Page) => void, origin: () => string = baseUrl) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = withLoadedMachineDeadlines(
      await (browser as Browser).newContext({
        baseURL: origin(),
        viewport: { width: 1366, height: 900 },
        bypassCSP: true,
      }),
    );
    assign(await context.newPage());
  });
}

/** Stores the language and skin the way the switches do, before the app starts. */
export async function choose(page: Page, lang: Lang, skin: Skin) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([l, s]) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('skin', s);
    },
    [lang, skin],
  );
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is (or only inside `within`, a selector) and returns the serious
 * and critical violations, readable.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // A dialog still fading in (or a button's press transition) has colours between two states, and
  // axe would measure those: wait for every transition that ends (a spinner's never does).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 30_000 },
  );
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(include ? { include: [[include]] } : document);
    return result.violations;
  }, within ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The page's outline as a screen reader user meets it. */
export async function outline(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    h1: [...document.querySelectorAll('h1')].map((h) => h.textContent?.trim()),
    landmarks: {
      header: document.querySelectorAll('header').length,
      nav: document.querySelectorAll('nav').length,
      main: document.querySelectorAll('main').length,
      footer: document.querySelectorAll('footer').length,
    },
    // Headings never skip a level going down (h2 → h4 would).
    skips: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .map((h) => Number(h.tagName[1]))
      .filter((level, i, all) => i > 0 && level > (all[i - 1] as number) + 1).length,
  }));
}

/**
 * The outline once the page has stopped re-rendering: on a loaded machine a page can be read
 * between two renders (the h1 of one gone, the next not yet there). Polled, not assumed.
 */
export async function steadyOutline(page: Page) {
  let seen = await outline(page);
  await expect
    .poll(
      async () => {
        seen = await outline(page);
        return seen.h1.length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  return seen;
}

/**
 * Opens the latest post from /blog by its card and answers its title once the post shows it: the
 * address changes before the post renders, and until then the list's own h1 is still there.
 */
export async function openLatestPost(page: Page): Promise<string> {
  await page.goto('/blog');
  await settled(page);
  const link = page.getByTestId('blog-card').first().getByRole('link');
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  await page.waitForURL(/\/blog-details\/[\w-]+\/[\w-]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return title;
}

/** Waits until nothing on the page is still loading (skeletons and busy regions gone). */
export async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .mantine-Skeleton-root').count(), { timeout: 60_000 }).toBe(0);
}
