import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, snap } from '../../fixtures/browser';
import { loginThroughForm, OWNER } from '../auth/helpers';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Lang = 'sv' | 'en';
type Skin = 'light' | 'dark';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings inside `selector` (the page's own content), readable. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run({ include: [[include]] })).violations;
  }, selector);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Stores language and skin the way the switches do, before the app starts. */
async function choose(page: Page, lang: Lang, skin: Skin) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([l, s]) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('skin', s);
    },
    [lang, skin],
  );
}

/**
 * The contact page (with its field messages showing) and the dashboard's support page in both
 * languages and skins: no serious or critical accessibility finding. The context bypasses the
 * Content-Security-Policy only so that axe-core can be injected.
 */
describe('support pages: accessibility in both languages and skins', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await (browser as Browser).newContext({
      baseURL: baseUrl(),
      viewport: { width: 1366, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
  });

  const COMBINATIONS: readonly [Lang, Skin][] = [
    ['sv', 'light'],
    ['en', 'dark'],
  ];

  for (const [lang, skin] of COMBINATIONS) {
    it(`/contact-us in ${lang}/${skin}`, async () => {
      await choose(page, lang, skin);
      await page.goto('/contact-us');
      const title = lang === 'sv' ? 'Kontakta oss' : 'Contact us';
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(skin);
      const send = lang === 'sv' ? 'Skicka meddelandet' : 'Send message';
      await page.getByRole('button', { name: send }).click();
      await page
        .getByText(lang === 'sv' ? 'Detta fält är obligatoriskt' : 'This field is required')
        .first()
        .waitFor();
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await snap(page, `support-contact-${lang}-${skin}`);
    }, 60_000);

    it(`/dashboard/help/support in ${lang}/${skin}`, async () => {
      // The login helper reads the Swedish form; the language is switched after signing in.
      await loginThroughForm(page, OWNER);
      await choose(page, lang, skin);
      await page.goto('/dashboard/help/support');
      await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
      await page.getByRole('heading', { level: 2, name: lang === 'sv' ? 'Köp supporttimmar' : 'Buy support hours' }).waitFor();
      await expect.poll(() => page.locator('.mantine-Skeleton-root').count(), { timeout: 20_000 }).toBe(0);
      // The page's own content; the shell around it (banner, header) is checked with the shell.
      expect(await seriousViolations(page, '.support-page')).toEqual([]);
      await snap(page, `support-page-${lang}-${skin}`);
    }, 90_000);
  }
});
