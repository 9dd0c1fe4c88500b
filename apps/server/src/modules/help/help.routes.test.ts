import type {
  BlogCategory,
  BlogPost,
  BlogPostSummary,
  DashboardScreenshot,
  FaqCategory,
  FaqEntry,
  VideoGuide,
} from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { BLOG_POST_SEED, FAQ_SEED, seedHelpContent, VIDEO_GUIDE_SEED } from '../../db/seed/help-content';
import { blogPosts } from './help.tables';

let t: TestApp;
let app: App;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await seedHelpContent(app.db);
});

afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string, lang?: 'sv' | 'en') => {
  const res = await app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
  return { status: res.statusCode, headers: res.headers, body: res.json() as T };
};

const fairwayPosts = BLOG_POST_SEED.filter((p) => p.brand === 'fairway');
const fairwayFaq = FAQ_SEED.filter((c) => c.brand === 'fairway');

describe('the seed', () => {
  it('writes nothing twice and keeps what admins changed', async () => {
    await app.db.update(blogPosts).set({ titleSv: 'Ändrad rubrik' }).where(eq(blogPosts.slugSv, 'juniorer-och-vardnadshavare'));
    await seedHelpContent(app.db);
    const rows = await app.db.select().from(blogPosts);
    expect(rows).toHaveLength(BLOG_POST_SEED.length);
    expect(rows.find((r) => r.slugSv === 'juniorer-och-vardnadshavare')?.titleSv).toBe('Ändrad rubrik');
    const original = BLOG_POST_SEED.find((p) => p.slug.sv === 'juniorer-och-vardnadshavare');
    await app.db
      .update(blogPosts)
      .set({ titleSv: original?.title.sv })
      .where(eq(blogPosts.slugSv, 'juniorer-och-vardnadshavare'));
  });
});

describe('GET /blog', () => {
  it('lists the published posts of this brand, newest first, without a token, in Swedish by default', async () => {
    const res = await get<{ data: BlogPostSummary[]; pagination: { total: number } }>('/api/v1/blog');
    expect(res.status).toBe(200);
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.body.pagination.total).toBe(fairwayPosts.length);
    const newestFirst = [...fairwayPosts].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    expect(res.body.data.map((p) => p.title)).toEqual(newestFirst.map((p) => p.title.sv));
    const first = res.body.data[0] as BlogPostSummary;
    expect(first.slug).toBe(first.slugs.sv);
    expect(first.readingMinutes).toBeGreaterThanOrEqual(1);
    // Dubbelkoll's post is not on Fairway's blog.
    expect(res.body.data.some((p) => p.title.includes('dubbla fakturor'))).toBe(false);
  });

  it('answers in English when asked', async () => {
    const res = await get<{ data: BlogPostSummary[] }>('/api/v1/blog?pageSize=50', 'en');
    const titles = res.body.data.map((p) => p.title);
    expect(titles).toContain('Juniors and guardians: the right recipient from the start');
    expect(res.body.data.every((p) => p.slug === p.slugs.en)).toBe(true);
    expect(res.body.data.find((p) => p.slugs.en === 'juniors-and-guardians')?.category.name).toBe('Members and families');
  });

  it('pages, filters by category and searches either language', async () => {
    const page2 = await get<{ data: BlogPostSummary[]; pagination: { page: number; pageSize: number; total: number } }>(
      '/api/v1/blog?page=2&pageSize=4',
    );
    expect(page2.body.pagination).toEqual({ page: 2, pageSize: 4, total: fairwayPosts.length });
    expect(page2.body.data).toHaveLength(fairwayPosts.length - 4);

    const git = await get<{ data: BlogPostSummary[] }>('/api/v1/blog?category=git-och-synk');
    expect(git.body.data).toHaveLength(fairwayPosts.filter((p) => p.category === 'git-och-synk').length);
    expect(git.body.data.every((p) => p.category.slug === 'git-och-synk')).toBe(true);

    const found = await get<{ data: BlogPostSummary[] }>('/api/v1/blog?search=v%C3%A5rdnadshavare');
    expect(found.body.data.map((p) => p.slugs.sv)).toContain('juniorer-och-vardnadshavare');
    const english = await get<{ data: BlogPostSummary[] }>('/api/v1/blog?search=guardian', 'sv');
    expect(english.body.data.map((p) => p.slugs.sv)).toContain('juniorer-och-vardnadshavare');

    const none = await get<{ data: BlogPostSummary[]; pagination: { total: number } }>('/api/v1/blog?search=zzqx');
    expect(none.body).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('refuses a page size over the limit and unknown query fields', async () => {
    expect((await get('/api/v1/blog?pageSize=51')).status).toBe(400);
    expect((await get('/api/v1/blog?draft=1')).status).toBe(400);
  });
});

describe('GET /blog/:id', () => {
  it('answers a post with its body blocks and 404 for a draft or an unknown id', async () => {
    const list = await get<{ data: BlogPostSummary[] }>('/api/v1/blog?pageSize=50');
    const summary = list.body.data.find((p) => p.slugs.sv === 'markera-betalt-i-git-automatiskt') as BlogPostSummary;
    const post = await get<{ data: BlogPost }>(`/api/v1/blog/${summary.id}`, 'en');
    expect(post.status).toBe(200);
    expect(post.body.data.title).toBe('Mark invoices paid in GIT automatically so memberships activate');
    expect(post.body.data.body[0]).toMatchObject({ type: 'paragraph' });
    expect(post.body.data.body.some((b) => b.type === 'list' && b.ordered)).toBe(true);

    await app.db.update(blogPosts).set({ publishedAt: null }).where(eq(blogPosts.id, summary.id));
    try {
      const draft = await get<{ message: string; eng_message: string }>(`/api/v1/blog/${summary.id}`);
      expect(draft.status).toBe(404);
      expect(draft.body.eng_message).toBe('The blog post does not exist');
      const list2 = await get<{ data: BlogPostSummary[] }>('/api/v1/blog?pageSize=50');
      expect(list2.body.data.some((p) => p.id === summary.id)).toBe(false);
    } finally {
      await app.db
        .update(blogPosts)
        .set({ publishedAt: new Date('2026-10-01T07:00:00Z') })
        .where(eq(blogPosts.id, summary.id));
    }
    expect((await get('/api/v1/blog/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/v1/blog/not-an-id')).status).toBe(400);
  });
});

describe('blog categories and the landing page', () => {
  it('lists categories with their post counts and the latest posts', async () => {
    const categories = await get<{ data: BlogCategory[] }>('/api/v1/blog_categories', 'en');
    expect(categories.body.data.map((c) => [c.name, c.postCount])).toEqual([
      ['GIT and sync', 3],
      ['Payments', 1],
      ['Members and families', 2],
    ]);
    const latest = await get<{ data: BlogPostSummary[] }>('/api/v1/landing_page/blog?limit=2');
    expect(latest.body.data.map((p) => p.slugs.sv)).toEqual([
      'byta-fran-finqr-eller-excel',
      'familjefakturering-en-faktura-per-familj',
    ]);
    expect((await get('/api/v1/landing_page/blog?limit=13')).status).toBe(400);
  });
});

describe('FAQ', () => {
  it('lists categories and every entry in order, in the asked language', async () => {
    const categories = await get<{ data: FaqCategory[] }>('/api/v1/faq_categories');
    expect(categories.body.data.map((c) => c.slug)).toEqual(fairwayFaq.map((c) => c.slug));
    expect(categories.body.data.map((c) => c.entryCount)).toEqual(fairwayFaq.map((c) => c.entries.length));

    const all = await get<{ data: FaqEntry[] }>('/api/v1/faq', 'en');
    expect(all.body.data).toHaveLength(fairwayFaq.flatMap((c) => c.entries).length);
    expect(all.body.data[0]?.question).toBe('How long does it take to get started?');
    expect(all.body.data[0]?.category).toMatchObject({ slug: 'kom-igang', name: 'Getting started' });
  });

  it('filters by category slug and searches questions and answers', async () => {
    const git = await get<{ data: FaqEntry[] }>('/api/v1/faq/git');
    expect(git.body.data.every((e) => e.category.slug === 'git')).toBe(true);
    expect(git.body.data).toHaveLength(4);

    const licence = await get<{ data: FaqEntry[] }>('/api/v1/faq?search=licensavgift');
    expect(licence.body.data.map((e) => e.question)).toContain('Vad kostar det utöver månadsavgiften?');
    expect(licence.body.data.every((e) => /licensavgift/i.test(e.answer))).toBe(true);

    const inCategory = await get<{ data: FaqEntry[] }>('/api/v1/faq/priser-och-villkor?search=48%20timmar');
    expect(inCategory.body.data.map((e) => e.question)).toEqual(['Hur köper jag personlig support?']);

    expect((await get('/api/v1/faq/finns-inte')).status).toBe(404);
    expect((await get('/api/v1/faq/Inte%20en%20slug')).status).toBe(400);
  });

  it('answers the landing page its chosen questions', async () => {
    const landing = await get<{ data: FaqEntry[] }>('/api/v1/landing_page/faq');
    const chosen = fairwayFaq.flatMap((c) => c.entries).filter((e) => e.showOnLanding);
    expect(landing.body.data.map((e) => e.question)).toEqual(chosen.map((e) => e.question.sv));
  });
});

describe('video guides, screenshots and help texts', () => {
  it('lists the guides with poster, chapters and tracks; guides is the same list', async () => {
    const guides = await get<{ data: VideoGuide[] }>('/api/v1/video_guides', 'en');
    expect(guides.body.data.map((g) => g.title)).toEqual(VIDEO_GUIDE_SEED.map((g) => g.title.en));
    const fortnox = guides.body.data[0] as VideoGuide;
    expect(fortnox).toMatchObject({
      videoUrl: '/media/guides/koppla-fortnox.webm',
      videoType: 'video/webm',
      poster: { src: '/media/guides/koppla-fortnox.jpg', width: 1280, height: 720 },
      captionsTrackUrl: '/media/guides/koppla-fortnox.en.vtt',
      chaptersTrackUrl: `/api/v1/video_guides/${fortnox.id}/chapters.en.vtt`,
    });
    expect(fortnox.chapters[1]).toEqual({ start: 6, title: 'Log in at Fortnox' });
    const same = await get<{ data: VideoGuide[] }>('/api/v1/guides', 'en');
    expect(same.body).toEqual(guides.body);

    const one = await get<{ data: VideoGuide }>(`/api/v1/video_guides/${fortnox.id}`);
    expect(one.body.data.title).toBe('Koppla Fortnox');
  });

  it('serves the chapters as WebVTT made from the stored chapters', async () => {
    const guides = await get<{ data: VideoGuide[] }>('/api/v1/video_guides');
    const fortnox = guides.body.data[0] as VideoGuide;
    const res = await app.inject({ method: 'GET', url: `/api/v1/video_guides/${fortnox.id}/chapters.sv.vtt` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.body).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:00.000 --> 00:00:06.000',
        'Öppna Integrationer',
        '',
        '2',
        '00:00:06.000 --> 00:00:12.000',
        'Logga in hos Fortnox',
        '',
        '3',
        '00:00:12.000 --> 00:00:18.000',
        'Godkänn Fairway',
        '',
        '4',
        '00:00:18.000 --> 00:00:24.000',
        'Kopplingen är aktiv',
        '',
      ].join('\n'),
    );
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v1/video_guides/00000000-0000-4000-8000-000000000000/chapters.en.vtt',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists the dashboard screenshots with sizes and the help texts by key', async () => {
    const shots = await get<{ data: DashboardScreenshot[] }>('/api/v1/landing_page/dashboard_screenshots', 'en');
    expect(shots.body.data[0]).toMatchObject({ src: '/media/screenshots/dashboard.webp', width: 1366, height: 1124 });
    expect(shots.body.data[0]?.alt).toMatch(/home page/);

    const texts = await get<{ data: Record<string, string> }>('/api/v1/helptexts');
    expect(texts.body.data['receipts.list']).toBe('Här visas fakturor som blivit helt betalda de senaste 90 dagarna.');
    expect(texts.body.data['duplicates.compareFields']).toBeUndefined();
  });
});

describe('the Dubbelkoll brand', () => {
  it('shows its own FAQ and blog', async () => {
    const dk = await createTestApp({ BRAND: 'dubbelkoll' });
    try {
      await seedHelpContent(dk.app.db);
      const faq = await dk.app.inject({ method: 'GET', url: '/api/v1/faq_categories' });
      expect((faq.json() as { data: FaqCategory[] }).data.map((c) => c.slug)).toEqual(['dubbletter']);
      const blog = await dk.app.inject({ method: 'GET', url: '/api/v1/blog', headers: { 'accept-language': 'en' } });
      expect((blog.json() as { data: BlogPostSummary[] }).data.map((p) => p.title)).toEqual([
        'Find duplicate invoices before they are paid',
      ]);
    } finally {
      await dk.close();
    }
  });
});
