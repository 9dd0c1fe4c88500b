import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminBlogPost, AdminHelpContent, BlogPostBody } from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, seedReference } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_PLATFORM_ADMIN, seedDemoPlatformAdmin } from '../../db/seed/demo-platform-admin';
import { seedHelpContent } from '../../db/seed/help-content';
import { blogPostPages } from './help.tables';

/**
 * A web build as apps/web/scripts/prerender.mjs reads it, with a stand-in for the app's SSR bundle
 * (the real one needs `npm run build`; e2e/tests/landing checks it): the page shows the post's
 * title in an <h1>, and a post titled "unrenderable" fails, as a render can.
 */
const INDEX = `<!doctype html>
<html lang="sv">
  <head>
    <meta name="brand" content="fairway" />
    <title>Fairway</title>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const SSR_BUNDLE = `
export const PRERENDER_LANG = 'sv';
export const PRERENDERED_QUERIES_ID = 'prerendered-queries';
export const BLOG_POST_MODULES = ['src/layout.tsx', 'src/post.tsx'];
export async function renderPage(pathname, { blogPost }) {
  if (blogPost.title.includes('unrenderable')) throw new Error('this post cannot be rendered');
  const markup = '<article class="post"><h1>' + blogPost.title + '</h1><a href="' + pathname + '">#</a></article>';
  return { markup, namespaces: [], queries: [[['post', blogPost.id], blogPost]] };
}`;

let dist: string;
let t: TestApp;
let adminToken: string;
let categoryId: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'fairway-blog-pages-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'prerendered/ssr'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets/index-abc.css'), '.post{color:green}.unused{color:red}');
  writeFileSync(path.join(dist, 'assets/index-abc.js'), '');
  writeFileSync(path.join(dist, 'prerendered/ssr/prerender.js'), SSR_BUNDLE);
  writeFileSync(
    path.join(dist, 'prerendered/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/layout.tsx': { file: 'assets/layout-1.js' },
      'src/post.tsx': { file: 'assets/post-2.js', imports: ['src/layout.tsx'] },
    }),
  );
  writeFileSync(path.join(dist, 'prerendered/module-chunks.json'), '{}');

  t = await createTestApp({ WEB_DIST: dist });
  await seedReference(t.app);
  await seedHelpContent(t.app.db);
  await seedDemoPlatformAdmin(t.app.db);
  const login = await loginAs(t.app, DEMO_PLATFORM_ADMIN.email, DEMO_PLATFORM_ADMIN.password);
  adminToken = (login.json() as { data: { accessToken: string } }).data.accessToken;
  const content = await t.app.inject({ method: 'GET', url: '/api/v1/help_admin/content', headers: bearer(adminToken) });
  categoryId = (content.json() as { data: AdminHelpContent }).data.blogCategories[0]?.id as string;
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function body(title: string, overrides: Partial<BlogPostBody> = {}): BlogPostBody {
  return {
    categoryId,
    slug: { sv: 'serverns-sida', en: 'the-servers-page' },
    title: { sv: title, en: 'In English' },
    description: { sv: 'Sidan kommer färdig från servern.', en: 'The page comes ready from the server.' },
    body: { sv: [{ type: 'paragraph', text: 'Text.' }], en: [{ type: 'paragraph', text: 'Text.' }] },
    author: 'Sofia Ek',
    publishedAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

async function admin(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { data: AdminBlogPost }).data;
}

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

describe('blog posts rendered on the server', () => {
  it('sends the rendered post once rendered, and the app shell until then and after an edit', async () => {
    const post = await admin('POST', '/api/v1/blog', body('Första versionen'));
    const url = `/blog-details/${post.id}/serverns-sida`;
    await t.app.blogPages.settled();

    const first = await page(url);
    // The post, its title, its CSS (only the rules it uses), its preloads and its data for the browser's cache.
    for (const part of [
      '<h1>Första versionen</h1>',
      'data-prerendered="sv"',
      '<title>Första versionen · Fairway</title>',
      '<style>.post{color:green}</style>',
      '<script type="application/json" id="prerendered-queries">',
      // The scripts are asked for after the first paint (public/boot.js), not by the HTML.
      '<link rel="after-paint-modulepreload" crossorigin href="/assets/post-2.js">',
      '<link rel="after-paint-module" crossorigin href="/assets/index-abc.js">',
    ]) {
      expect(first).toContain(part);
    }
    expect(first).not.toContain('<script type="module"');

    await admin('PUT', `/api/v1/blog/${post.id}`, body('Andra versionen'));
    // Until the new render is in, the post is never sent as it was.
    const meanwhile = await page(url);
    if (!meanwhile.includes('Andra versionen')) expect(meanwhile).toBe(INDEX);
    await t.app.blogPages.settled();
    const edited = await page(url);
    expect(edited).toContain('<h1>Andra versionen</h1>');
    expect(edited).not.toContain('Första versionen');

    // Another slug (the English one) gets the shell: the app goes to the right address.
    expect(await page(`/blog-details/${post.id}/the-servers-page`)).toBe(INDEX);
    expect(await page(`${url}?utm=x`)).toBe(INDEX);
  });

  it('never sends an unpublished or deleted post, and renders a post visited before it was rendered', async () => {
    const post = await admin(
      'POST',
      '/api/v1/blog',
      body('Snart opublicerad', { slug: { sv: 'opublicerad', en: 'unpublished' } }),
    );
    const url = `/blog-details/${post.id}/opublicerad`;
    await t.app.blogPages.settled();
    expect(await page(url)).toContain('<h1>Snart opublicerad</h1>');

    await admin('PUT', `/api/v1/blog/${post.id}/publish`, { published: false });
    expect(await page(url)).toBe(INDEX);
    await t.app.blogPages.settled();
    const kept = await t.app.db.select().from(blogPostPages);
    expect(kept.map((row) => row.postId)).not.toContain(post.id);

    // Published again: the first visit asks for the render and gets the shell, the next the page.
    await admin('PUT', `/api/v1/blog/${post.id}/publish`, { published: true });
    await t.app.blogPages.settled();
    await t.app.db.delete(blogPostPages);
    expect(await page(url)).toBe(INDEX);
    await t.app.blogPages.settled();
    expect(await page(url)).toContain('<h1>Snart opublicerad</h1>');

    await admin('DELETE', `/api/v1/blog/${post.id}`);
    expect(await page(url)).toBe(INDEX);
  });

  it('sends the app shell when a post cannot be rendered', async () => {
    const post = await admin('POST', '/api/v1/blog', body('An unrenderable post', { slug: { sv: 'trasig', en: 'broken' } }));
    await t.app.blogPages.settled();
    const url = `/blog-details/${post.id}/trasig`;
    expect(await page(url)).toBe(INDEX);
    await t.app.blogPages.settled();
    expect(await page(url)).toBe(INDEX);
    expect(await t.app.db.select().from(blogPostPages)).not.toContainEqual(expect.objectContaining({ postId: post.id }));
  });
});
