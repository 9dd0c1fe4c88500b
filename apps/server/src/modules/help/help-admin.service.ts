import {
  type AdminBlogPost,
  type AdminDashboardScreenshot,
  type AdminFaqEntry,
  type AdminHelpCategory,
  type AdminHelpContent,
  type AdminVideoGuide,
  type BlogPostBody,
  type Brand,
  blogPostBodySchema,
  type DashboardScreenshotBody,
  dashboardScreenshotBodySchema,
  encodeMessage,
  type FaqEntryBody,
  faqEntryBodySchema,
  type HelpCategoryBody,
  type VideoGuideBody,
  videoGuideBodySchema,
} from '@fairway/shared';
import type { Db } from '../../db/client';
import { BusinessError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { MessageKey } from '../../lib/i18n';
import {
  type BlogCategoryRow,
  type BlogPostRow,
  countPostsInCategory,
  type FaqCategoryRow,
  type FaqEntryRow,
  findBlogCategory,
  findBlogPost,
  findFaqCategory,
  isPlatformAdmin,
  listAllBlogPosts,
  listAllFaqEntries,
  listBlogCategories,
  listFaqCategories,
  listHelpTexts,
  listScreenshots,
  listVideoGuides,
  type ScreenshotRow,
  type VideoGuideRow,
} from './help.repository';
import {
  deleteBlogCategory,
  deleteBlogPost,
  deleteFaqCategory,
  deleteFaqEntry,
  deleteHelpText,
  deleteScreenshot,
  deleteVideoGuide,
  insertBlogCategory,
  insertBlogPost,
  insertFaqCategory,
  insertFaqEntry,
  insertScreenshot,
  insertVideoGuide,
  updateBlogCategory,
  updateBlogPost,
  updateFaqCategory,
  updateFaqEntry,
  updateScreenshot,
  updateVideoGuide,
  upsertHelpText,
} from './help-admin.repository';

/**
 * Editing of the help content by platform admins (the portal company's staff). Bodies arrive
 * validated by the shared schemas; here live the rules that need the database: the category
 * exists in this brand, addresses (slugs) are unique, a blog category with posts stays.
 */

export async function assertPlatformAdmin(db: Db, userId: string): Promise<void> {
  if (!(await isPlatformAdmin(db, userId))) throw new ForbiddenError('help.notPlatformAdmin');
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A taken address answers as a field error on `field`, the same as any other bad input. */
async function uniqueSlug<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ [field]: [encodeMessage('help_slug_taken')] });
    throw error;
  }
}

function found<T>(row: T | undefined, key: MessageKey): T {
  if (!row) throw new NotFoundError(key);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Mapping rows to what an admin edits

const category = (row: BlogCategoryRow | FaqCategoryRow): AdminHelpCategory => ({
  id: row.id,
  slug: row.slug,
  name: { sv: row.nameSv, en: row.nameEn },
  sortOrder: row.sortOrder,
});

const post = (row: BlogPostRow): AdminBlogPost => ({
  id: row.id,
  categoryId: row.categoryId,
  slug: { sv: row.slugSv, en: row.slugEn },
  title: { sv: row.titleSv, en: row.titleEn },
  description: { sv: row.descriptionSv, en: row.descriptionEn },
  body: { sv: row.bodySv, en: row.bodyEn },
  author: row.author,
  cover:
    row.coverSrc && row.coverWidth && row.coverHeight
      ? {
          src: row.coverSrc,
          width: row.coverWidth,
          height: row.coverHeight,
          alt: { sv: row.coverAltSv ?? '', en: row.coverAltEn ?? '' },
        }
      : null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const faqEntry = (row: FaqEntryRow): AdminFaqEntry => ({
  id: row.id,
  categoryId: row.categoryId,
  question: { sv: row.questionSv, en: row.questionEn },
  answer: { sv: row.answerSv, en: row.answerEn },
  sortOrder: row.sortOrder,
  showOnLanding: row.showOnLanding,
  published: row.published,
});

const guide = (row: VideoGuideRow): AdminVideoGuide => ({
  id: row.id,
  slug: row.slug,
  title: { sv: row.titleSv, en: row.titleEn },
  description: { sv: row.descriptionSv, en: row.descriptionEn },
  videoPath: row.videoPath,
  poster: { src: row.posterSrc, width: row.posterWidth, height: row.posterHeight },
  durationSeconds: row.durationSeconds,
  chapters: row.chapters.map((c) => ({ start: c.start, title: { sv: c.titleSv, en: c.titleEn } })),
  captions: row.captionsSv && row.captionsEn ? { sv: row.captionsSv, en: row.captionsEn } : null,
  sortOrder: row.sortOrder,
  published: row.published,
});

const screenshot = (row: ScreenshotRow): AdminDashboardScreenshot => ({
  id: row.id,
  src: row.src,
  width: row.width,
  height: row.height,
  alt: { sv: row.altSv, en: row.altEn },
  caption: { sv: row.captionSv, en: row.captionEn },
  sortOrder: row.sortOrder,
});

export async function adminContent(db: Db, brand: Brand): Promise<AdminHelpContent> {
  const [blogCats, posts, faqCats, entries, guides, shots, texts] = await Promise.all([
    listBlogCategories(db, brand),
    listAllBlogPosts(db, brand),
    listFaqCategories(db, brand),
    listAllFaqEntries(db, brand),
    listVideoGuides(db, brand, true),
    listScreenshots(db, brand),
    listHelpTexts(db, brand),
  ]);
  return {
    blogCategories: blogCats.map(category),
    blogPosts: posts.map(post),
    faqCategories: faqCats.map(category),
    faqEntries: entries.map(faqEntry),
    videoGuides: guides.map(guide),
    dashboardScreenshots: shots.map(screenshot),
    helpTexts: texts.map((t) => ({ key: t.key, text: { sv: t.textSv, en: t.textEn } })),
  };
}

// ---------------------------------------------------------------------------------------------
// Blog

const categoryValues = (body: HelpCategoryBody) => ({
  slug: body.slug,
  nameSv: body.name.sv,
  nameEn: body.name.en,
  sortOrder: body.sortOrder,
});

export async function saveBlogCategory(db: Db, brand: Brand, body: HelpCategoryBody, id?: string) {
  const row = await uniqueSlug('slug', () =>
    id ? updateBlogCategory(db, brand, id, categoryValues(body)) : insertBlogCategory(db, brand, categoryValues(body)),
  );
  return category(found(row, 'help.blogCategoryNotFound'));
}

export async function removeBlogCategory(db: Db, brand: Brand, id: string): Promise<void> {
  found(await findBlogCategory(db, brand, id), 'help.blogCategoryNotFound');
  // Posts are not deleted by accident with their category: the admin moves or deletes them first.
  if ((await countPostsInCategory(db, brand, id)) > 0) throw new BusinessError(400, 'help.blogCategoryInUse');
  await deleteBlogCategory(db, brand, id);
}

async function knownBlogCategory(db: Db, brand: Brand, id: string): Promise<void> {
  if (!(await findBlogCategory(db, brand, id))) {
    throw new ValidationError({ categoryId: [encodeMessage('help_category_unknown')] });
  }
}

export async function saveBlogPost(db: Db, brand: Brand, input: BlogPostBody, id?: string): Promise<AdminBlogPost> {
  const body = blogPostBodySchema.parse(input);
  await knownBlogCategory(db, brand, body.categoryId);
  const values = {
    categoryId: body.categoryId,
    slugSv: body.slug.sv,
    slugEn: body.slug.en,
    titleSv: body.title.sv,
    titleEn: body.title.en,
    descriptionSv: body.description.sv,
    descriptionEn: body.description.en,
    bodySv: body.body.sv,
    bodyEn: body.body.en,
    author: body.author,
    coverSrc: body.cover?.src ?? null,
    coverWidth: body.cover?.width ?? null,
    coverHeight: body.cover?.height ?? null,
    coverAltSv: body.cover?.alt.sv ?? null,
    coverAltEn: body.cover?.alt.en ?? null,
    publishedAt: body.publishedAt ? new Date(body.publishedAt) : null,
  };
  // Which of the two slugs is taken is told by the unique index's name.
  const row = await (async () => {
    try {
      return id ? await updateBlogPost(db, brand, id, values) : await insertBlogPost(db, brand, values);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const text =
        String((error as { message?: unknown }).message ?? '') +
        String((error as { cause?: { message?: unknown } }).cause?.message ?? '');
      const field = text.includes('slug_en') ? 'slug.en' : 'slug.sv';
      throw new ValidationError({ [field]: [encodeMessage('help_slug_taken')] });
    }
  })();
  return post(found(row, 'help.postNotFound'));
}

/** Publishing keeps an earlier publishing time (the post's date does not jump); unpublishing makes it a draft. */
export async function publishBlogPost(db: Db, brand: Brand, id: string, published: boolean): Promise<AdminBlogPost> {
  const current = found(await findBlogPost(db, brand, id), 'help.postNotFound');
  const publishedAt = published ? (current.publishedAt ?? new Date()) : null;
  return post(found(await updateBlogPost(db, brand, id, { publishedAt }), 'help.postNotFound'));
}

export async function removeBlogPost(db: Db, brand: Brand, id: string): Promise<void> {
  if (!(await deleteBlogPost(db, brand, id))) throw new NotFoundError('help.postNotFound');
}

// ---------------------------------------------------------------------------------------------
// FAQ

export async function saveFaqCategory(db: Db, brand: Brand, body: HelpCategoryBody, id?: string) {
  const row = await uniqueSlug('slug', () =>
    id ? updateFaqCategory(db, brand, id, categoryValues(body)) : insertFaqCategory(db, brand, categoryValues(body)),
  );
  return category(found(row, 'help.faqCategoryNotFound'));
}

export async function removeFaqCategory(db: Db, brand: Brand, id: string): Promise<void> {
  if (!(await deleteFaqCategory(db, brand, id))) throw new NotFoundError('help.faqCategoryNotFound');
}

export async function saveFaqEntry(db: Db, brand: Brand, input: FaqEntryBody, id?: string): Promise<AdminFaqEntry> {
  const body = faqEntryBodySchema.parse(input);
  if (!(await findFaqCategory(db, brand, { id: body.categoryId }))) {
    throw new ValidationError({ categoryId: [encodeMessage('help_category_unknown')] });
  }
  const values = {
    categoryId: body.categoryId,
    questionSv: body.question.sv,
    questionEn: body.question.en,
    answerSv: body.answer.sv,
    answerEn: body.answer.en,
    sortOrder: body.sortOrder,
    showOnLanding: body.showOnLanding,
    published: body.published,
  };
  const row = id ? await updateFaqEntry(db, brand, id, values) : await insertFaqEntry(db, values);
  return faqEntry(found(row, 'help.faqEntryNotFound'));
}

export async function removeFaqEntry(db: Db, brand: Brand, id: string): Promise<void> {
  if (!(await deleteFaqEntry(db, brand, id))) throw new NotFoundError('help.faqEntryNotFound');
}

// ---------------------------------------------------------------------------------------------
// Video guides, screenshots, help texts

export async function saveVideoGuide(db: Db, brand: Brand, input: VideoGuideBody, id?: string): Promise<AdminVideoGuide> {
  const body = videoGuideBodySchema.parse(input);
  const values = {
    slug: body.slug,
    titleSv: body.title.sv,
    titleEn: body.title.en,
    descriptionSv: body.description.sv,
    descriptionEn: body.description.en,
    videoPath: body.videoPath,
    posterSrc: body.poster.src,
    posterWidth: body.poster.width,
    posterHeight: body.poster.height,
    durationSeconds: body.durationSeconds,
    chapters: body.chapters.map((c) => ({ start: c.start, titleSv: c.title.sv, titleEn: c.title.en })),
    captionsSv: body.captions?.sv ?? null,
    captionsEn: body.captions?.en ?? null,
    sortOrder: body.sortOrder,
    published: body.published,
  };
  const row = await uniqueSlug('slug', () =>
    id ? updateVideoGuide(db, brand, id, values) : insertVideoGuide(db, brand, values),
  );
  return guide(found(row, 'help.videoGuideNotFound'));
}

export async function removeVideoGuide(db: Db, brand: Brand, id: string): Promise<void> {
  if (!(await deleteVideoGuide(db, brand, id))) throw new NotFoundError('help.videoGuideNotFound');
}

export async function saveScreenshot(
  db: Db,
  brand: Brand,
  input: DashboardScreenshotBody,
  id?: string,
): Promise<AdminDashboardScreenshot> {
  const body = dashboardScreenshotBodySchema.parse(input);
  const values = {
    src: body.src,
    width: body.width,
    height: body.height,
    altSv: body.alt.sv,
    altEn: body.alt.en,
    captionSv: body.caption.sv,
    captionEn: body.caption.en,
    sortOrder: body.sortOrder,
  };
  const row = id ? await updateScreenshot(db, brand, id, values) : await insertScreenshot(db, brand, values);
  return screenshot(found(row, 'help.screenshotNotFound'));
}

export async function removeScreenshot(db: Db, brand: Brand, id: string): Promise<void> {
  if (!(await deleteScreenshot(db, brand, id))) throw new NotFoundError('help.screenshotNotFound');
}

export async function saveHelpText(db: Db, brand: Brand, key: string, text: { sv: string; en: string }) {
  const row = await upsertHelpText(db, brand, key, text);
  return { key: row.key, text: { sv: row.textSv, en: row.textEn } };
}

export async function removeHelpText(db: Db, brand: Brand, key: string): Promise<void> {
  if (!(await deleteHelpText(db, brand, key))) throw new NotFoundError('help.helpTextNotFound');
}
