import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { blogCategories, blogPosts } from '../help/help.tables';

let t: TestApp;
const ids = {
  published: '6f1c2d3e-0000-4000-8000-000000000001',
  draft: '6f1c2d3e-0000-4000-8000-000000000002',
  future: '6f1c2d3e-0000-4000-8000-000000000003',
  otherBrand: '6f1c2d3e-0000-4000-8000-000000000004',
};

function post(id: string, brand: 'fairway' | 'dubbelkoll', categoryId: string, slug: string, publishedAt: Date | null) {
  return {
    id,
    brand,
    categoryId,
    slugSv: slug,
    slugEn: `${slug}-en`,
    titleSv: slug,
    titleEn: slug,
    descriptionSv: slug,
    descriptionEn: slug,
    bodySv: [{ type: 'paragraph' as const, text: slug }],
    bodyEn: [{ type: 'paragraph' as const, text: slug }],
    author: 'Fairway',
    publishedAt,
    updatedAt: new Date('2026-03-02T10:00:00Z'),
  };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://www.example.se' });
  const [fairway, dubbelkoll] = await t.app.db
    .insert(blogCategories)
    .values([
      { brand: 'fairway', slug: 'nyheter', nameSv: 'Nyheter', nameEn: 'News' },
      { brand: 'dubbelkoll', slug: 'nyheter', nameSv: 'Nyheter', nameEn: 'News' },
    ])
    .returning({ id: blogCategories.id });
  if (!fairway || !dubbelkoll) throw new Error('categories not created');
  await t.app.db
    .insert(blogPosts)
    .values([
      post(ids.published, 'fairway', fairway.id, 'fakturor-&-ocr', new Date('2026-03-01T08:00:00Z')),
      post(ids.draft, 'fairway', fairway.id, 'utkast', null),
      post(ids.future, 'fairway', fairway.id, 'kommer-snart', new Date(Date.now() + 86_400_000)),
      post(ids.otherBrand, 'dubbelkoll', dubbelkoll.id, 'dubbletter', new Date('2026-02-01T08:00:00Z')),
    ]);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and the published posts of the brand, nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://www.example.se/',
      'https://www.example.se/functions',
      'https://www.example.se/price',
      'https://www.example.se/faq',
      'https://www.example.se/blog',
      'https://www.example.se/contact-us',
      // Escaped for XML; drafts, posts not yet out and the other brand's posts are not listed.
      `https://www.example.se/blog-details/${ids.published}/fakturor-&amp;-ocr`,
    ]);
    expect(res.body).toContain('<lastmod>2026-03-02</lastmod>');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('follows the brand the server runs as', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://dubbelkoll.example.se', BRAND: 'dubbelkoll' });
    try {
      // Each test app has a database of its own: give this one the Dubbelkoll post only.
      const [category] = await other.app.db
        .insert(blogCategories)
        .values({ brand: 'dubbelkoll', slug: 'nyheter', nameSv: 'Nyheter', nameEn: 'News' })
        .returning({ id: blogCategories.id });
      if (!category) throw new Error('category not created');
      await other.app.db
        .insert(blogPosts)
        .values(post(ids.otherBrand, 'dubbelkoll', category.id, 'dubbletter', new Date('2026-02-01T08:00:00Z')));
      const res = await other.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(res.body).toContain(`<loc>https://dubbelkoll.example.se/blog-details/${ids.otherBrand}/dubbletter</loc>`);
      expect(res.body).toContain('<loc>https://dubbelkoll.example.se/price</loc>');
    } finally {
      await other.close();
    }
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the dashboard and the API and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(
      'User-agent: *\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: https://www.example.se/sitemap.xml\n',
    );
  });
});
