import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../../fixtures/browser';
import { loginThroughForm, OWNER } from '../auth/helpers';
import { choose, type Lang, type Skin, seriousViolations, useAxePage } from '../landing/helpers';

/**
 * The dashboard's support page in both languages and skins: no serious or critical accessibility
 * finding. (The public contact form, with and without its field messages, is checked with the
 * other public pages in landing/public-pages.spec.ts.)
 */
describe('the support page: accessibility in both languages and skins', () => {
  let page: Page;
  useAxePage((next) => {
    page = next;
  });

  const COMBINATIONS: readonly [Lang, Skin][] = [
    ['sv', 'light'],
    ['en', 'dark'],
  ];

  for (const [lang, skin] of COMBINATIONS) {
    it(`/dashboard/help/support in ${lang}/${skin}`, async () => {
      // The login helper reads the Swedish form; the language is switched after signing in.
      await loginThroughForm(page, OWNER);
      await choose(page, lang, skin);
      await page.goto('/dashboard/help/support');
      await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
      await page.getByRole('heading', { level: 2, name: lang === 'sv' ? 'Köp supporttimmar' : 'Buy support hours' }).waitFor();
      await expect.poll(() => page.locator('.mantine-Skeleton-root').count(), { timeout: 60_000 }).toBe(0);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(skin);
      // The page's own content; the shell around it (banner, header) is checked with the shell.
      expect(await seriousViolations(page, '.support-page')).toEqual([]);
      await snap(page, `support-page-${lang}-${skin}`);
    }, 90_000);
  }
});
