import { z } from 'zod';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { requiredString } from '../validation/rules';

/**
 * Help content (docs/help.md#content): blog posts with categories,
 * FAQ categories and entries, video guides with chapters, dashboard screenshots and the
 * contextual help texts of the dashboard.
 *
 * LANGUAGE: every text is stored in Swedish and English. The public reads answer in ONE language,
 * the one of the request's `Accept-Language` (Swedish unless it asks for English), the way every
 * other module localises its messages; so a client that switches language simply asks again (put
 * the language in the query key). Slugs differ per language: a post answers both `slugs`, and
 * `slug` is the one of the language answered.
 *
 * BRAND: each row belongs to a brand (`fairway` or `dubbelkoll`); a server answers with the
 * content of the brand it runs as (BRAND in its configuration).
 *
 * EDITING: the portal company's own staff (platform admins) read everything, drafts included and
 * in both languages, with `GET /help_admin/content`, and write with the `*BodySchema`s below. No
 * public read needs a token.
 *
 * BLOG BODY: structured blocks (headings, paragraphs, lists, tips), never HTML, so a client renders
 * them as elements and nothing a writer types can run as markup.
 */

export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HELP_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
/** Files the product serves itself: `/media/…` (video guides) and `/images/…` (web images). */
export const HELP_ASSET_PATH_PATTERN = /^\/(media|images)\/[a-z0-9][a-z0-9._/-]*\.(webm|mp4|vtt|png|jpe?g|webp|svg)$/;

export const HELP_TITLE_MAX = 200;
export const HELP_DESCRIPTION_MAX = 500;
export const HELP_PARAGRAPH_MAX = 4000;
export const HELP_ANSWER_MAX = 4000;
export const HELP_TEXT_MAX = 2000;
export const HELP_SLUG_MAX = 120;
export const HELP_BLOCKS_MAX = 100;
export const HELP_CHAPTERS_MAX = 50;
/** The longest video guide we accept: an hour. */
export const HELP_VIDEO_SECONDS_MAX = 3600;
export const BLOG_PAGE_SIZE_MAX = 50;
export const LANDING_BLOG_LIMIT_MAX = 12;

// ---------------------------------------------------------------------------------------------
// Public reads (one language)

export const blogBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: requiredString(HELP_TITLE_MAX) }).strict(),
  z.object({ type: z.literal('paragraph'), text: requiredString(HELP_PARAGRAPH_MAX) }).strict(),
  z
    .object({
      type: z.literal('list'),
      ordered: z.boolean(),
      items: z.array(requiredString(1000)).min(1).max(30),
    })
    .strict(),
  /** A highlighted hint beside the text (e.g. "Tip: …"). */
  z.object({ type: z.literal('tip'), text: requiredString(HELP_TEXT_MAX) }).strict(),
]);
export type BlogBlock = z.infer<typeof blogBlockSchema>;

export const helpImageSchema = z.object({
  /** Served by the product, e.g. `/images/help/dashboard.png`. */
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type HelpImage = z.infer<typeof helpImageSchema>;

export const blogCategorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  /** Published posts in the category. */
  postCount: z.number().int(),
});
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogPostSummarySchema = z.object({
  id: z.uuid(),
  /** The slug in the language answered; `/blog-details/{id}/{slug}`. */
  slug: z.string(),
  slugs: z.object({ sv: z.string(), en: z.string() }),
  title: z.string(),
  /** One or two sentences: the list's excerpt and the page's meta description. */
  description: z.string(),
  category: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  author: z.string(),
  /** ISO timestamp (UTC). */
  publishedAt: z.string(),
  updatedAt: z.string(),
  readingMinutes: z.number().int(),
  cover: helpImageSchema.nullable(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({ body: z.array(blogBlockSchema) });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(BLOG_PAGE_SIZE_MAX).default(10),
    /** A category's slug. */
    category: z.string().trim().max(HELP_SLUG_MAX).optional(),
    /** Words in the title, description or text. */
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

export const blogListResponseSchema = z.object({ data: z.array(blogPostSummarySchema), pagination: paginationSchema });
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const landingBlogQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(LANDING_BLOG_LIMIT_MAX).default(3) })
  .strict();
export type LandingBlogQuery = z.infer<typeof landingBlogQuerySchema>;

export const faqCategorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  /** Published entries in the category. */
  entryCount: z.number().int(),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const faqEntrySchema = z.object({
  id: z.uuid(),
  category: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  question: z.string(),
  /** Plain text; paragraphs are separated by a blank line. */
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const faqQuerySchema = z.object({ search: z.string().trim().max(100).optional() }).strict();
export type FaqQuery = z.infer<typeof faqQuerySchema>;

export const faqCategoryParamsSchema = z
  .object({ category: z.string().trim().min(1).max(HELP_SLUG_MAX).regex(HELP_SLUG_PATTERN) })
  .strict();

export const videoChapterSchema = z.object({ start: z.number().int(), title: z.string() });
export type VideoChapter = z.infer<typeof videoChapterSchema>;

export const videoGuideSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** The video file the product serves (WebM, VP9), with Range support. */
  videoUrl: z.string(),
  videoType: z.string(),
  poster: helpImageSchema,
  durationSeconds: z.number().int(),
  /** In time order; the first starts at 0. */
  chapters: z.array(videoChapterSchema),
  /** WebVTT `kind="chapters"` track in the language answered, made from `chapters`. */
  chaptersTrackUrl: z.string(),
  /** WebVTT captions in the language answered, or null when the guide has none. */
  captionsTrackUrl: z.string().nullable(),
});
export type VideoGuide = z.infer<typeof videoGuideSchema>;

export const dashboardScreenshotSchema = helpImageSchema.extend({ id: z.uuid(), caption: z.string() });
export type DashboardScreenshot = z.infer<typeof dashboardScreenshotSchema>;

/** Contextual help of the dashboard: key (e.g. `git.sync.auto`) → text in the language answered. */
export const helpTextsSchema = z.record(z.string(), z.string());
export type HelpTexts = z.infer<typeof helpTextsSchema>;

// ---------------------------------------------------------------------------------------------
// Writes by platform admins (both languages)

const bilingual = (max: number) => z.object({ sv: requiredString(max), en: requiredString(max) }).strict();

const slugField = () =>
  z
    .string()
    .trim()
    .min(1, { message: encodeMessage('required') })
    .max(HELP_SLUG_MAX)
    .regex(HELP_SLUG_PATTERN, { message: encodeMessage('slug') });

const assetPath = () =>
  z
    .string()
    .trim()
    .min(1, { message: encodeMessage('required') })
    .max(300)
    .regex(HELP_ASSET_PATH_PATTERN, { message: encodeMessage('asset_path') })
    .refine((p) => !p.includes('..') && !p.includes('//'), { message: encodeMessage('asset_path') });

const pixels = () =>
  z
    .number({ message: encodeMessage('required') })
    .int()
    .min(1)
    .max(10000);
const sortOrder = () => z.number().int().min(0).max(10000).default(0);
const categoryId = () =>
  z
    .string({ message: encodeMessage('required') })
    .trim()
    .min(1, { message: encodeMessage('required') })
    .max(36)
    .pipe(z.uuid({ message: encodeMessage('help_category_unknown') }));

export const helpCategoryBodySchema = z.object({ slug: slugField(), name: bilingual(100), sortOrder: sortOrder() }).strict();
export type HelpCategoryBody = z.infer<typeof helpCategoryBodySchema>;

export const blogPostBodySchema = z
  .object({
    categoryId: categoryId(),
    slug: z.object({ sv: slugField(), en: slugField() }).strict(),
    title: bilingual(HELP_TITLE_MAX),
    description: bilingual(HELP_DESCRIPTION_MAX),
    body: z
      .object({
        sv: z.array(blogBlockSchema).min(1).max(HELP_BLOCKS_MAX),
        en: z.array(blogBlockSchema).min(1).max(HELP_BLOCKS_MAX),
      })
      .strict(),
    author: requiredString(100),
    cover: z
      .object({ src: assetPath(), width: pixels(), height: pixels(), alt: bilingual(300) })
      .strict()
      .nullable()
      .default(null),
    /** ISO timestamp; null keeps the post a draft (not in any public read). */
    publishedAt: z
      .string()
      .max(40)
      .pipe(z.iso.datetime({ offset: true }))
      .nullable()
      .default(null),
  })
  .strict();
export type BlogPostBody = z.input<typeof blogPostBodySchema>;

export const publishBodySchema = z.object({ published: z.boolean() }).strict();
export type PublishBody = z.infer<typeof publishBodySchema>;

export const faqEntryBodySchema = z
  .object({
    categoryId: categoryId(),
    question: bilingual(300),
    answer: bilingual(HELP_ANSWER_MAX),
    sortOrder: sortOrder(),
    /** Shown among the landing page's questions (`landing_page/faq`). */
    showOnLanding: z.boolean().default(false),
    published: z.boolean().default(true),
  })
  .strict();
export type FaqEntryBody = z.input<typeof faqEntryBodySchema>;

export const videoGuideBodySchema = z
  .object({
    slug: slugField(),
    title: bilingual(HELP_TITLE_MAX),
    description: bilingual(HELP_DESCRIPTION_MAX),
    videoPath: assetPath(),
    poster: z.object({ src: assetPath(), width: pixels(), height: pixels() }).strict(),
    durationSeconds: z.number().int().min(1).max(HELP_VIDEO_SECONDS_MAX),
    chapters: z
      .array(z.object({ start: z.number().int().min(0).max(HELP_VIDEO_SECONDS_MAX), title: bilingual(120) }).strict())
      .min(1)
      .max(HELP_CHAPTERS_MAX),
    captions: z.object({ sv: assetPath(), en: assetPath() }).strict().nullable().default(null),
    sortOrder: sortOrder(),
    published: z.boolean().default(true),
  })
  .strict()
  .superRefine((guide, ctx) => {
    const starts = guide.chapters.map((c) => c.start);
    const ordered = starts[0] === 0 && starts.every((s, i) => i === 0 || s > (starts[i - 1] as number));
    if (!ordered || starts.some((s) => s >= guide.durationSeconds)) {
      ctx.addIssue({ code: 'custom', path: ['chapters'], message: encodeMessage('chapters_order') });
    }
  });
export type VideoGuideBody = z.input<typeof videoGuideBodySchema>;

export const dashboardScreenshotBodySchema = z
  .object({
    src: assetPath(),
    width: pixels(),
    height: pixels(),
    alt: bilingual(300),
    caption: bilingual(300),
    sortOrder: sortOrder(),
  })
  .strict();
export type DashboardScreenshotBody = z.input<typeof dashboardScreenshotBodySchema>;

export const helpTextKeyParamsSchema = z
  .object({
    key: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(HELP_KEY_PATTERN, { message: encodeMessage('help_key') }),
  })
  .strict();
export const helpTextBodySchema = z.object({ text: bilingual(HELP_TEXT_MAX) }).strict();
export type HelpTextBody = z.infer<typeof helpTextBodySchema>;

// ---------------------------------------------------------------------------------------------
// What a platform admin reads to edit (both languages, drafts included)

const bilingualOut = z.object({ sv: z.string(), en: z.string() });

export const adminHelpCategorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: bilingualOut,
  sortOrder: z.number().int(),
});
export type AdminHelpCategory = z.infer<typeof adminHelpCategorySchema>;

export const adminBlogPostSchema = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  slug: bilingualOut,
  title: bilingualOut,
  description: bilingualOut,
  body: z.object({ sv: z.array(blogBlockSchema), en: z.array(blogBlockSchema) }),
  author: z.string(),
  cover: z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: bilingualOut }).nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

export const adminFaqEntrySchema = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  question: bilingualOut,
  answer: bilingualOut,
  sortOrder: z.number().int(),
  showOnLanding: z.boolean(),
  published: z.boolean(),
});
export type AdminFaqEntry = z.infer<typeof adminFaqEntrySchema>;

export const adminVideoGuideSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: bilingualOut,
  description: bilingualOut,
  videoPath: z.string(),
  poster: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }),
  durationSeconds: z.number().int(),
  chapters: z.array(z.object({ start: z.number().int(), title: bilingualOut })),
  captions: bilingualOut.nullable(),
  sortOrder: z.number().int(),
  published: z.boolean(),
});
export type AdminVideoGuide = z.infer<typeof adminVideoGuideSchema>;

export const adminDashboardScreenshotSchema = z.object({
  id: z.uuid(),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: bilingualOut,
  caption: bilingualOut,
  sortOrder: z.number().int(),
});
export type AdminDashboardScreenshot = z.infer<typeof adminDashboardScreenshotSchema>;

export const adminHelpContentSchema = z.object({
  blogCategories: z.array(adminHelpCategorySchema),
  blogPosts: z.array(adminBlogPostSchema),
  faqCategories: z.array(adminHelpCategorySchema),
  faqEntries: z.array(adminFaqEntrySchema),
  videoGuides: z.array(adminVideoGuideSchema),
  dashboardScreenshots: z.array(adminDashboardScreenshotSchema),
  helpTexts: z.array(z.object({ key: z.string(), text: bilingualOut })),
});
export type AdminHelpContent = z.infer<typeof adminHelpContentSchema>;

/** `GET /help_admin/me`: whether the signed-in user may edit the help content. */
export const helpAdminStatusSchema = z.object({ platformAdmin: z.boolean() });
