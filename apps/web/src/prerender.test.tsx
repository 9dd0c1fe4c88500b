import { describe, expect, it } from 'vitest';
import { BLOG_POST } from './features/landing/test/blog-post';
import { renderPage } from './prerender';

describe('the prerendered login page', () => {
  it('keeps its form disabled and posting until the scripts run, so nothing sent before lands in the address', async () => {
    const { markup } = await renderPage('/login');
    const page = new DOMParser().parseFromString(markup, 'text/html');
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('fieldset')?.disabled).toBe(true);
    expect(form?.querySelector('input[type="email"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.textContent).toContain('Logga in');
  });

  it('marks the header buttons that open something as unavailable until the scripts run', async () => {
    const { markup } = await renderPage('/login');
    const page = new DOMParser().parseFromString(markup, 'text/html');
    const header = page.querySelector('header');
    const language = [...(header?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Byt språk'));
    expect(language?.getAttribute('aria-disabled')).toBe('true');
    expect(header?.querySelector('button[aria-label="Byt till mörkt tema"]')?.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('a blog post rendered with its data', () => {
  const post = BLOG_POST;

  it('shows the post, not its loading state, and hands over the answer it used', async () => {
    const { markup, queries } = await renderPage(`/blog-details/${post.id}/${post.slug}`, { blogPost: post });
    const page = new DOMParser().parseFromString(markup, 'text/html');
    expect(page.querySelector('h1')?.textContent).toBe(post.title);
    expect(page.querySelector('article')?.textContent).toContain('fakturaomgångar');
    expect(page.querySelector('time')?.textContent).toContain('2 september 2026');
    expect(page.querySelector('[aria-busy="true"]')).toBeNull();
    // The share links need the page's origin: drawn in the browser, their row kept meanwhile.
    expect(page.querySelector('nav a[href*="linkedin"]')).toBeNull();
    expect(queries).toEqual([[['landing', 'blog-post', 'sv', post.id], post]]);
  });

  it('gives a later page none of the answers of the page before', async () => {
    await renderPage(`/blog-details/${post.id}/${post.slug}`, { blogPost: post });
    const { queries } = await renderPage('/login');
    expect(queries).toEqual([]);
  });
});
