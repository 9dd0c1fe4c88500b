import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../../fixtures/browser';
import { loginThroughForm, OWNER } from '../auth/helpers';
import { COMBINATIONS, choose, seriousViolations, settled, useAxePage } from '../landing/helpers';

const BANNER_TITLE = { sv: 'Underhåll pågår', en: 'Maintenance in progress' };

/**
 * The dashboard shell (header, sidebar, the maintenance banner, docs/web-app.md#notices) around the home page,
 * in both languages and skins: no serious or critical axe finding. A fresh context has not
 * dismissed the banner, so it is there.
 */
describe('the dashboard shell: accessibility in both languages and skins', () => {
  let page: Page;
  useAxePage((next) => {
    page = next;
  });

  for (const { lang, skin } of COMBINATIONS) {
    it(`the home page with the maintenance banner in ${lang}/${skin}`, async () => {
      // The login helper reads the Swedish form; the language and skin are set after signing in.
      await loginThroughForm(page, OWNER);
      await choose(page, lang, skin);
      await page.goto('/dashboard');
      await page.getByText(BANNER_TITLE[lang], { exact: true }).waitFor();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(skin);
      expect(await seriousViolations(page), `dashboard home in ${lang}/${skin}`).toEqual([]);
      await snap(page, `shell-banner-${lang}-${skin}`);
    }, 90_000);
  }
});
