import type {
  AdminBlogPost,
  AdminHelpContent,
  BlogPost,
  BlogPostBody,
  BlogPostSummary,
  FaqEntry,
  VideoGuide,
} from '@fairway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, seedReference, signupOwner } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { DEMO_PLATFORM_ADMIN, seedDemoPlatformAdmin } from '../../db/seed/demo-platform-admin';
import { seedHelpContent } from '../../db/seed/help-content';
import { blogPosts, faqEntries } from './help.tables';

let t: TestApp;
let app: App;
let adminToken: string;
let clubToken: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await seedReference(app);
  await seedHelpContent(app.db);
  await seedDemoPlatformAdmin(app.db);
  const login = await loginAs(app, DEMO_PLATFORM_ADMIN.email, DEMO_PLATFORM_ADMIN.password);
  adminToken = (login.json() as { data: { accessToken: string } }).data.accessToken;
  // A golf club's owner: may do everything in the club, nothing to the product's help content.
  clubToken = (await signupOwner(app)).session.accessToken;
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async <T>(method: Method, url: string, token?: string, payload?: unknown, lang: 'sv' | 'en' = 'en') => {
  const res = await app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as T };
};

const content = async () => (await call<{ data: AdminHelpContent }>('GET', '/api/v1/help_admin/content', adminToken)).body.data;

function newPost(categoryId: string, overrides: Partial<BlogPostBody> = {}): BlogPostBody {
  return {
    categoryId,
    slug: { sv: 'nya-kvittomallen', en: 'the-new-receipt-template' },
    title: { sv: 'Den nya kvittomallen', en: 'The new receipt template' },
    description: { sv: 'Kvittot visar nu klubbens logotyp.', en: 'The receipt now shows the club’s logo.' },
    body: {
      sv: [{ type: 'paragraph', text: 'Kvittot visar nu klubbens logotyp och organisationsnummer.' }],
      en: [{ type: 'paragraph', text: 'The receipt now shows the club’s logo and organisation number.' }],
    },
    author: 'Sofia Ek',
    ...overrides,
  };
}

describe('who may edit', () => {
  it('tells a user whether they are a platform admin', async () => {
    const admin = await call<{ data: { platformAdmin: boolean } }>('GET', '/api/v1/help_admin/me', adminToken);
    expect(admin.body.data.platformAdmin).toBe(true);
    const club = await call<{ data: { platformAdmin: boolean } }>('GET', '/api/v1/help_admin/me', clubToken);
    expect(club.body.data.platformAdmin).toBe(false);
    expect((await call('GET', '/api/v1/help_admin/me')).status).toBe(401);
  });

  it('answers 403 to a club user and 401 without a token, before looking at the body', async () => {
    const faqBefore = await app.db.select().from(faqEntries);
    for (const [method, url] of [
      ['GET', '/api/v1/help_admin/content'],
      ['POST', '/api/v1/blog'],
      ['POST', '/api/v1/faq'],
      ['POST', '/api/v1/faq_categories'],
      ['POST', '/api/v1/video_guides'],
      ['POST', '/api/v1/landing_page/dashboard_screenshots'],
      ['PUT', '/api/v1/helptexts/receipts.list'],
      ['DELETE', `/api/v1/faq/${faqBefore[0]?.id}`],
    ] as [Method, string][]) {
      const forbidden = await call<{ message: string; eng_message: string }>(method, url, clubToken, { nonsense: true });
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      expect(forbidden.body.eng_message).toBe('Only the portal’s own staff can change the help content');
      expect((await call(method, url, undefined, { nonsense: true })).status, `${method} ${url}`).toBe(401);
    }
    expect(await app.db.select().from(faqEntries)).toHaveLength(faqBefore.length);
  });
});

describe('blog editing', () => {
  it('creates a draft that no public read shows, publishes it and deletes it', async () => {
    const { blogCategories } = await content();
    const categoryId = blogCategories[0]?.id as string;
    const created = await call<{ data: AdminBlogPost }>('POST', '/api/v1/blog', adminToken, newPost(categoryId));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ publishedAt: null, title: { sv: 'Den nya kvittomallen' } });
    const id = created.body.data.id;

    expect((await call('GET', `/api/v1/blog/${id}`)).status).toBe(404);
    const listed = await call<{ data: BlogPostSummary[] }>('GET', '/api/v1/blog?search=kvittomallen');
    expect(listed.body.data).toEqual([]);
    expect((await content()).blogPosts.some((p) => p.id === id)).toBe(true);

    const published = await call<{ data: AdminBlogPost }>('PUT', `/api/v1/blog/${id}/publish`, adminToken, { published: true });
    expect(published.body.data.publishedAt).not.toBeNull();
    const read = await call<{ data: BlogPost }>('GET', `/api/v1/blog/${id}`);
    expect(read.body.data).toMatchObject({ title: 'The new receipt template', slug: 'the-new-receipt-template' });
    const latest = await call<{ data: BlogPostSummary[] }>('GET', '/api/v1/landing_page/blog?limit=1');
    expect(latest.body.data[0]?.id).toBe(id);

    // Publishing again keeps the first publishing time.
    const again = await call<{ data: AdminBlogPost }>('PUT', `/api/v1/blog/${id}/publish`, adminToken, { published: true });
    expect(again.body.data.publishedAt).toBe(published.body.data.publishedAt);

    const edited = await call<{ data: AdminBlogPost }>(
      'PUT',
      `/api/v1/blog/${id}`,
      adminToken,
      newPost(categoryId, {
        title: { sv: 'Kvittomallen med logotyp', en: 'The receipt template with logo' },
        publishedAt: published.body.data.publishedAt,
      }),
    );
    expect(edited.status).toBe(200);
    expect((await call<{ data: BlogPost }>('GET', `/api/v1/blog/${id}`, undefined, undefined, 'sv')).body.data.title).toBe(
      'Kvittomallen med logotyp',
    );

    expect((await call('DELETE', `/api/v1/blog/${id}`, adminToken)).status).toBe(200);
    expect((await call('GET', `/api/v1/blog/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/blog/${id}`, adminToken)).status).toBe(404);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await app.db.select().from(blogPosts);
    const { blogCategories } = await content();
    const categoryId = blogCategories[0]?.id as string;

    const bad = await call<{ error: Record<string, string[]> }>(
      'POST',
      '/api/v1/blog',
      adminToken,
      newPost(categoryId, {
        slug: { sv: 'Med Versaler', en: 'ok-slug' },
        title: { sv: '', en: 'x'.repeat(201) },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error['slug.sv']).toEqual(['May only contain a–z, digits and hyphens (e.g. connect-fortnox)']);
    expect(bad.body.error['title.sv']).toEqual(['This field is required']);
    expect(bad.body.error['title.en']?.[0]).toMatch(/200/);

    const unknownCategory = await call<{ error: Record<string, string[]> }>(
      'POST',
      '/api/v1/blog',
      adminToken,
      newPost('00000000-0000-4000-8000-000000000000'),
    );
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.error.categoryId).toEqual(['The category does not exist']);

    const taken = await call<{ error: Record<string, string[]> }>(
      'POST',
      '/api/v1/blog',
      adminToken,
      newPost(categoryId, { slug: { sv: 'ny-unik-adress', en: 'juniors-and-guardians' } }),
    );
    expect(taken.status).toBe(400);
    expect(taken.body.error['slug.en']).toEqual(['The address is already in use']);

    const script = await call<{ error: Record<string, string[]> }>(
      'POST',
      '/api/v1/blog',
      adminToken,
      newPost(categoryId, {
        cover: { src: 'javascript:alert(1)', width: 10, height: 10, alt: { sv: 'a', en: 'b' } },
      }),
    );
    expect(script.status).toBe(400);
    expect(Object.keys(script.body.error)).toEqual(['cover.src']);

    expect(await app.db.select().from(blogPosts)).toHaveLength(before.length);
  });

  it('keeps a blog category that has posts, and deletes an empty one', async () => {
    const { blogCategories } = await content();
    const used = blogCategories[0]?.id as string;
    const refused = await call<{ error: string }>('DELETE', `/api/v1/blog_categories/${used}`, adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The category has blog posts. Move or delete them first.');

    const created = await call<{ data: { id: string } }>('POST', '/api/v1/blog_categories', adminToken, {
      slug: 'nyheter',
      name: { sv: 'Nyheter', en: 'News' },
    });
    expect(created.status).toBe(201);
    const dup = await call<{ error: Record<string, string[]> }>('POST', '/api/v1/blog_categories', adminToken, {
      slug: 'nyheter',
      name: { sv: 'Nyheter igen', en: 'News again' },
    });
    expect(dup.body.error.slug).toEqual(['The address is already in use']);
    expect((await call('DELETE', `/api/v1/blog_categories/${created.body.data.id}`, adminToken)).status).toBe(200);
  });
});

describe('FAQ, video guides, screenshots and help texts', () => {
  it('adds an FAQ entry that the public FAQ and its search show at once', async () => {
    const { faqCategories } = await content();
    const pricing = faqCategories.find((c) => c.slug === 'priser-och-villkor');
    const created = await call<{ data: { id: string } }>('POST', '/api/v1/faq', adminToken, {
      categoryId: pricing?.id,
      question: { sv: 'Kan vi betala kvartalsvis?', en: 'Can we pay quarterly?' },
      answer: {
        sv: 'Ja, kvartalsbetalning kostar 80 kr exkl. moms extra per månad.',
        en: 'Yes, quarterly payment costs 80 SEK ex VAT extra per month.',
      },
      sortOrder: 99,
    });
    expect(created.status).toBe(201);
    const found = await call<{ data: FaqEntry[] }>('GET', '/api/v1/faq/priser-och-villkor?search=can%20we%20pay');
    expect(found.body.data.map((e) => e.question)).toEqual(['Can we pay quarterly?']);

    const hidden = await call('PUT', `/api/v1/faq/${created.body.data.id}`, adminToken, {
      categoryId: pricing?.id,
      question: { sv: 'Kan vi betala kvartalsvis?', en: 'Can we pay quarterly?' },
      answer: { sv: 'Ja.', en: 'Yes.' },
      published: false,
    });
    expect(hidden.status).toBe(200);
    expect((await call<{ data: FaqEntry[] }>('GET', '/api/v1/faq?search=can%20we%20pay')).body.data).toEqual([]);
    expect((await call('DELETE', `/api/v1/faq/${created.body.data.id}`, adminToken)).status).toBe(200);
  });

  it('edits a video guide’s chapters and refuses chapters out of order', async () => {
    const { videoGuides } = await content();
    const guide = videoGuides[0] as AdminHelpContent['videoGuides'][number];
    const body = {
      slug: guide.slug,
      title: guide.title,
      description: guide.description,
      videoPath: guide.videoPath,
      poster: guide.poster,
      durationSeconds: guide.durationSeconds,
      captions: guide.captions,
      chapters: [
        { start: 0, title: { sv: 'Början', en: 'Start' } },
        { start: 12, title: { sv: 'Slutet', en: 'The end' } },
      ],
    };
    const outOfOrder = await call<{ error: Record<string, string[]> }>('PUT', `/api/v1/video_guides/${guide.id}`, adminToken, {
      ...body,
      chapters: [...body.chapters].reverse(),
    });
    expect(outOfOrder.status).toBe(400);
    expect(outOfOrder.body.error.chapters).toEqual([
      'Chapters must start at 0 seconds and be in time order within the video length',
    ]);
    const badPath = await call<{ error: Record<string, string[]> }>('PUT', `/api/v1/video_guides/${guide.id}`, adminToken, {
      ...body,
      videoPath: '/media/../secret.webm',
    });
    expect(badPath.status).toBe(400);

    expect((await call('PUT', `/api/v1/video_guides/${guide.id}`, adminToken, body)).status).toBe(200);
    const read = await call<{ data: VideoGuide }>('GET', `/api/v1/video_guides/${guide.id}`);
    expect(read.body.data.chapters).toEqual([
      { start: 0, title: 'Start' },
      { start: 12, title: 'The end' },
    ]);
    const vtt = await app.inject({ method: 'GET', url: `/api/v1/video_guides/${guide.id}/chapters.en.vtt` });
    expect(vtt.body).toContain('00:00:12.000 --> 00:00:24.000\nThe end');
  });

  it('adds a screenshot and writes and deletes a help text', async () => {
    const shot = await call<{ data: { id: string } }>('POST', '/api/v1/landing_page/dashboard_screenshots', adminToken, {
      src: '/media/screenshots/integrations.webp',
      width: 1366,
      height: 900,
      alt: { sv: 'Integrationer', en: 'Integrations' },
      caption: { sv: 'Koppla bokföringsprogram.', en: 'Connect accounting programs.' },
      sortOrder: 50,
    });
    expect(shot.status).toBe(201);
    const shots = await call<{ data: { id: string; alt: string }[] }>('GET', '/api/v1/landing_page/dashboard_screenshots');
    expect(shots.body.data.at(-1)).toMatchObject({ id: shot.body.data.id, alt: 'Integrations' });

    const written = await call('PUT', '/api/v1/helptexts/invoices.ocr', adminToken, {
      text: { sv: 'OCR-numret har kontrollsiffra.', en: 'The OCR number has a check digit.' },
    });
    expect(written.status).toBe(200);
    expect((await call<{ data: Record<string, string> }>('GET', '/api/v1/helptexts')).body.data['invoices.ocr']).toBe(
      'The OCR number has a check digit.',
    );
    expect((await call('PUT', '/api/v1/helptexts/Inte%20OK', adminToken, { text: { sv: 'a', en: 'b' } })).status).toBe(400);
    expect((await call('DELETE', '/api/v1/helptexts/invoices.ocr', adminToken)).status).toBe(200);
    expect((await call('DELETE', '/api/v1/helptexts/invoices.ocr', adminToken)).status).toBe(404);
  });
});
