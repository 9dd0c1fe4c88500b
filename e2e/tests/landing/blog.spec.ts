import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, usePagePerTest } from '../../fixtures/browser';
import { pathOf } from '../auth/helpers';
import { choose, type Skin } from './helpers';

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

/**
 * A post's page comes from the server with the post in its HTML (docs/web-app.md#blog-posts-rendered-by-the-server):
 * rendered when the post is saved or first visited, then sent while it is current.
 */
describe('a blog post rendered on the server', () => {
  let page: Page;
  usePagePerTest((next) => {
    ({ page } = next);
  });

  /** A published post's address and Swedish title, once the server has its page rendered. */
  async function renderedPost(): Promise<{ url: string; title: string }> {
    const list = await page.request.get('/api/v1/blog?page=1&pageSize=1', { headers: { 'accept-language': 'sv' } });
    const [post] = ((await list.json()) as { data: { id: string; slug: string; title: string }[] }).data;
    if (!post) throw new Error('the demo has no published post');
    const url = `/blog-details/${post.id}/${post.slug}`;
    // The first visit of a post not rendered yet gets the app's shell and asks for the render.
    await expect
      .poll(async () => (await (await page.request.get(url)).text()).includes('data-prerendered="sv"'), {
        timeout: 120_000,
        interval: 500,
      })
      .toBe(true);
    return { url, title: post.title };
  }

  for (const skin of ['light', 'dark'] as Skin[]) {
    it(`shows the post styled from its HTML alone in the ${skin} skin`, async () => {
      const { url, title } = await renderedPost();
      await choose(page, 'sv', skin);
      // No script, stylesheet or font file: only the HTML and what it carries.
      await page.route(/\/assets\//, (route) => route.abort());
      await page.goto(url);
      const painted = await page.evaluate(() => {
        const h1 = document.querySelector('h1') as HTMLElement;
        return {
          h1: h1?.textContent,
          h1Weight: h1 ? getComputedStyle(h1).fontWeight : '',
          paragraphs: document.querySelectorAll('article p').length,
          background: getComputedStyle(document.body).backgroundColor,
          loadingShown: getComputedStyle(document.getElementById('app-loading') as HTMLElement).display !== 'none',
        };
      });
      expect(painted.h1).toBe(title);
      expect(Number(painted.h1Weight)).toBeGreaterThanOrEqual(600);
      expect(painted.paragraphs).toBeGreaterThan(1);
      expect(painted.background).toBe(skin === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
      expect(painted.loadingShown).toBe(false);
      expect(await page.title()).toBe(`${title} · Fairway`);
    }, 180_000);
  }

  it('is taken over by the app without asking for the post again and without a hydration error', async () => {
    const { url, title } = await renderedPost();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const postCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/blog/')) postCalls.push(request.url());
    });
    await page.goto(url);
    // The share links are drawn once the app has taken the page over (lib/use-hydrated.ts).
    await page.getByRole('navigation', { name: 'Dela inlägget' }).getByRole('link', { name: 'Dela på LinkedIn' }).waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(errors).toEqual([]);
    expect(postCalls).toEqual([]);
    expect(pathOf(page)).toBe(url);
  }, 180_000);

  it('is rendered afresh in English for a reader who reads English', async () => {
    const { url } = await renderedPost();
    await choose(page, 'en', 'light');
    await page.goto(url);
    // The English post has its English slug, and the English link back.
    await page.getByRole('link', { name: 'To the blog' }).waitFor();
    await page.waitForURL((u) => u.pathname !== url);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  }, 180_000);
});
