import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginThroughForm, OWNER, reloadUntilVisible } from '../auth/helpers';
import { choose, type Lang, type Skin, seriousViolations, settled } from '../landing/helpers';

/** The texts the tests look for, as apps/web/src/locales/{sv,en}/duplicates.json words them. */
export const TEXT = {
  sv: {
    title: 'Dubbletter',
    openGroup: /^Öppna dubblettgruppen /,
    actionsFor: /^Åtgärder för /,
    detailTitle: /^Dubblettgrupp /,
    comparison: 'Sida vid sida',
    outcome: /^(Lika|Nästan lika|Olika)$/,
  },
  en: {
    title: 'Duplicates',
    openGroup: /^Open duplicate group /,
    actionsFor: /^Actions for /,
    detailTitle: /^Duplicate group /,
    comparison: 'Side by side',
    outcome: /^(Matched|Nearly matched|Differed)$/,
  },
} as const;

/**
 * A scan runs after the demo's first refresh from the accounting program (docs/duplicates.md#scan):
 * on a loaded machine that takes minutes, so the list is reloaded until a group shows, up to 10.
 */
export const SCAN_DEADLINE_MS = 600_000;

/**
 * Signs the demo Owner in (the Swedish form), then stores the language and skin for the app. Under
 * Dubbelkoll (`brand`) the login lands on the duplicates.
 */
export async function signIn(page: Page, brand: 'fairway' | 'dubbelkoll', lang: Lang = 'sv', skin: Skin = 'light') {
  await loginThroughForm(page, OWNER, brand === 'dubbelkoll' ? '/dashboard/duplicates' : '/dashboard');
  if (lang !== 'sv' || skin !== 'light') await choose(page, lang, skin);
}

/** Opens a list of duplicate groups and waits until the scan has found one there. */
export async function openList(page: Page, lang: Lang, path = '/dashboard/duplicates') {
  await page.goto(path);
  await reloadUntilVisible(page, page.getByRole('link', { name: TEXT[lang].openGroup }).first(), SCAN_DEADLINE_MS);
  await settled(page);
}

/**
 * The list and a group's page as a reader meets them: the list's first group opened by its link, the
 * page's heading, the side-by-side table with an outcome in words, and no serious axe finding on
 * either page.
 */
export async function listAndDetailPass(page: Page, lang: Lang, skin: Skin, label: string, path = '/dashboard/duplicates') {
  await openList(page, lang, path);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(skin);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  expect(await seriousViolations(page), `${label} list ${lang}/${skin}`).toEqual([]);

  await page.getByRole('link', { name: TEXT[lang].openGroup }).first().click();
  await page.waitForURL(/\/dashboard\/duplicates\/detail\/[\w-]+$/);
  await page.getByRole('heading', { level: 1, name: TEXT[lang].detailTitle }).waitFor();
  const table = page.getByRole('table', { name: TEXT[lang].comparison });
  await table.waitFor();
  await table.getByText(TEXT[lang].outcome).first().waitFor();
  await settled(page);
  expect(await seriousViolations(page), `${label} detail ${lang}/${skin}`).toEqual([]);
}
