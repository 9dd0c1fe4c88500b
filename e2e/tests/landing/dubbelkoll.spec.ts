import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrandServer } from '../../fixtures/brand-server';
import { snap } from '../../fixtures/browser';
import { COMBINATIONS, choose, openLatestPost, seriousViolations, settled, steadyOutline, useAxePage } from './helpers';

/**
 * The second brand from the same build: a second server with BRAND=dubbelkoll
 * (fixtures/brand-server.ts), with a database of its own and no demo company.
 */
describe('Dubbelkoll, from the same build', () => {
  let page: Page;
  const origin = useBrandServer({ brand: 'dubbelkoll' });

  useAxePage((next) => {
    page = next;
  }, origin);

  it('presents the duplicate detector on the landing, features and price pages', async () => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Hitta dubbla fakturor innan de kostar pengar' }).waitFor();
    expect(await page.title()).toMatch(/^Dubbelkoll – Hittar dubbletter i bokföringen$/);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-dubbelkoll.svg');
    expect(await page.getByRole('link', { name: /^Dubbelkoll – / }).count()).toBe(1);
    // The brand's own colour: Dubbelkoll blue, not Fairway green.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
    );
    expect(primary).toBe('#0054b2');
    expect(await page.getByText('Från GIT till bokföringen').count()).toBe(0);
    await snap(page, 'dubbelkoll-home');

    await page.goto('/functions');
    await settled(page);
    for (const heading of ['Dubbla fakturor', 'Dubbla order', 'Dubbla verifikationer']) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }

    await page.goto('/price');
    await settled(page);
    const cards = page.getByTestId('price-card');
    expect(await cards.count()).toBe(3);
    const business = ((await cards.nth(1).textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(business).toContain('Business');
    expect(business).toContain('695 kr/mån');
    expect(business).toContain('Upp till 3 000 dokument/månad');
    expect(business).toContain('Jämför: kundfakturor, leverantörsfakturor, order, verifikationer');
    expect(await page.getByTestId('registration-terms').textContent()).toContain('12 månader');
    await snap(page, 'dubbelkoll-price');
  }, 90_000);

  // Every public page of the brand, as each reader sees it; a test per language and skin keeps each
  // well inside its time on a slow machine.
  for (const { lang, skin } of COMBINATIONS) {
    it(`every public page passes axe in ${lang}/${skin}: one h1, the language, no serious finding`, async () => {
      await choose(page, lang, skin);
      const check = async (path: string) => {
        await settled(page);
        const o = await steadyOutline(page);
        expect(o.h1, path).toHaveLength(1);
        expect(o.lang, path).toBe(lang);
        expect(o.scheme, path).toBe(skin);
        expect(o.title, path).toMatch(/Dubbelkoll/);
        expect(await seriousViolations(page), `${path} ${lang}/${skin}`).toEqual([]);
      };
      for (const path of ['/', '/functions', '/price', '/faq', '/blog', '/contact-us']) {
        await page.goto(path);
        await check(path);
      }
      // The brand's latest post, reached from the blog.
      await openLatestPost(page);
      await check('a blog post');
    }, 150_000);
  }
});
