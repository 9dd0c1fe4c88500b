import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { pathOf } from '../auth/helpers';

const meta = (page: Page, selector: string) =>
  page.evaluate((s) => document.head.querySelector(s)?.getAttribute('content') ?? null, selector);

async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .mantine-Skeleton-root').count(), { timeout: 60_000 }).toBe(0);
}

describe('the blog', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  it('goes from the list to a post with its own title, description, Open Graph tags and share links', async () => {
    await page.goto('/blog');
    await settled(page);
    const card = page.getByTestId('blog-card').first();
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    const excerpt = (await card.locator('p').first().textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await card.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/blog-details\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    expect(await page.title()).toBe(`${title} · Fairway`);
    expect(await meta(page, 'meta[name="description"]')).toBe(excerpt);
    expect(await meta(page, 'meta[property="og:title"]')).toBe(`${title} · Fairway`);
    expect(await meta(page, 'meta[property="og:type"]')).toBe('article');
    const url = page.url();
    expect(await meta(page, 'meta[property="og:url"]')).toBe(url);

    const share = page.getByRole('navigation', { name: 'Dela inlägget' });
    const href = (name: string) => share.getByRole('link', { name }).getAttribute('href');
    expect(await href('Dela på LinkedIn')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
    expect(await href('Dela på Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(await href('Dela på X')).toContain(`https://x.com/intent/post?url=${encodeURIComponent(url)}`);
    expect(await href('Skicka med e-post')).toBe(`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`);
    // Plain links: no script or frame of any network is loaded.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('script[src], iframe')].some(
          (el) => !(el as HTMLScriptElement).src.startsWith(location.origin),
        ),
      ),
    ).toBe(false);
    await snap(page, 'blog-post-sv');

    // Leaving the post takes its description with it.
    await page.getByRole('link', { name: 'Till bloggen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blogg' }).waitFor();
    expect(await meta(page, 'meta[name="description"]')).toBe('Nyheter och tips om Fairway.');
  }, 90_000);

  it('replaces a wrong slug with the right one, follows the language, and shows 404 for an unknown id', async () => {
    await page.goto('/blog');
    await settled(page);
    const href = (await page.getByTestId('blog-card').first().getByRole('link').getAttribute('href')) ?? '';
    const [, , id, slug] = href.split('/');

    await page.goto(`/blog-details/${id}/nagot-helt-annat`);
    await page.waitForURL((u) => u.pathname === `/blog-details/${id}/${slug}`);
    await page.locator('h1').waitFor();
    // Replaced, not added: going back leaves the blog post for the list.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/blog');

    // In English the same post has its English slug.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(`/blog-details/${id}/${slug}`);
    await page.waitForURL((u) => u.pathname.startsWith(`/blog-details/${id}/`) && u.pathname !== `/blog-details/${id}/${slug}`);
    expect(pathOf(page)).toMatch(new RegExp(`^/blog-details/${id}/[a-z0-9-]+$`));
    await page.getByRole('link', { name: 'To the blog' }).waitFor();

    await page.goto('/blog-details/00000000-0000-4000-8000-000000000000/finns-inte');
    await page.waitForURL((u) => u.pathname === '/error-404');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/blog-details/inte-ett-id/finns-inte');
    await page.waitForURL((u) => u.pathname === '/error-404');
  }, 90_000);

  it('filters by category and keeps the choice in the address', async () => {
    await page.goto('/blog');
    await settled(page);
    const all = await page.getByTestId('blog-card').count();
    const chips = page.getByRole('group', { name: 'Kategori' }).locator('label');
    expect(await chips.count()).toBeGreaterThan(1);
    // A category chip reads "Name (count)".
    const label = (await page.getByRole('group', { name: 'Kategori' }).locator('label').nth(1).textContent()) ?? '';
    const [, name, count] = /^(.*) \((\d+)\)$/.exec(label.trim()) ?? [];
    await page.getByRole('group', { name: 'Kategori' }).locator('label').nth(1).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBeTruthy();
    await expect.poll(() => page.getByTestId('blog-card').count()).toBe(Number(count));
    for (const badge of await page.getByTestId('blog-card').locator('.mantine-Badge-root').all()) {
      expect((await badge.textContent())?.trim()).toBe(name);
    }
    expect(Number(count)).toBeLessThanOrEqual(all);

    await page.reload();
    await settled(page);
    expect(await page.getByTestId('blog-card').count()).toBe(Number(count));
    await page.getByRole('group', { name: 'Kategori' }).locator('label').first().click();
    await expect.poll(() => page.getByTestId('blog-card').count()).toBe(all);
  }, 90_000);
});
