import type {
  BlogBlock,
  BlogCategory,
  BlogListQuery,
  BlogListResponse,
  BlogPost,
  BlogPostSummary,
  Brand,
  DashboardScreenshot,
  FaqCategory,
  FaqEntry,
  HelpTexts,
  VideoGuide,
} from '@fairway/shared';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import {
  type BlogPostWithCategory,
  type FaqEntryWithCategory,
  findFaqCategory,
  findPublishedPost,
  findVideoGuide,
  listBlogCategories,
  listFaqCategories,
  listHelpTexts,
  listPublishedFaq,
  listPublishedPosts,
  listScreenshots,
  listVideoGuides,
  type VideoGuideRow,
} from './help.repository';

/**
 * Public reads of the help content, in the reader's language (the schema file explains why one
 * language per answer). Drafts and unpublished rows never leave here.
 */

const pick = <T>(lang: Lang, sv: T, en: T): T => (lang === 'en' ? en : sv);

/** About 200 words a minute, at least one minute. */
function readingMinutes(blocks: readonly BlogBlock[]): number {
  const words = blocks
    .flatMap((b) => (b.type === 'list' ? b.items : [b.text]))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

function postSummary(row: BlogPostWithCategory, lang: Lang): BlogPostSummary {
  return {
    id: row.id,
    slug: pick(lang, row.slugSv, row.slugEn),
    slugs: { sv: row.slugSv, en: row.slugEn },
    title: pick(lang, row.titleSv, row.titleEn),
    description: pick(lang, row.descriptionSv, row.descriptionEn),
    category: { id: row.category.id, slug: row.category.slug, name: pick(lang, row.category.nameSv, row.category.nameEn) },
    author: row.author,
    publishedAt: (row.publishedAt as Date).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: readingMinutes(pick(lang, row.bodySv, row.bodyEn)),
    cover:
      row.coverSrc && row.coverWidth && row.coverHeight
        ? {
            src: row.coverSrc,
            width: row.coverWidth,
            height: row.coverHeight,
            alt: pick(lang, row.coverAltSv, row.coverAltEn) ?? '',
          }
        : null,
  };
}

export async function blogCategoriesFor(db: Db, brand: Brand, lang: Lang): Promise<BlogCategory[]> {
  const rows = await listBlogCategories(db, brand);
  return rows.map((c) => ({ id: c.id, slug: c.slug, name: pick(lang, c.nameSv, c.nameEn), postCount: c.postCount }));
}

export async function blogListFor(db: Db, brand: Brand, lang: Lang, query: BlogListQuery): Promise<BlogListResponse> {
  const { rows, total } = await listPublishedPosts(db, brand, {
    page: query.page,
    pageSize: query.pageSize,
    categorySlug: query.category || undefined,
    search: query.search || undefined,
  });
  return {
    data: rows.map((r) => postSummary(r, lang)),
    pagination: { page: query.page, pageSize: query.pageSize, total },
  };
}

export async function latestPostsFor(db: Db, brand: Brand, lang: Lang, limit: number): Promise<BlogPostSummary[]> {
  const { rows } = await listPublishedPosts(db, brand, { page: 1, pageSize: limit });
  return rows.map((r) => postSummary(r, lang));
}

export async function blogPostFor(db: Db, brand: Brand, lang: Lang, id: string): Promise<BlogPost> {
  const row = await findPublishedPost(db, brand, id);
  if (!row) throw new NotFoundError('help.postNotFound');
  return { ...postSummary(row, lang), body: pick(lang, row.bodySv, row.bodyEn) };
}

export async function faqCategoriesFor(db: Db, brand: Brand, lang: Lang): Promise<FaqCategory[]> {
  const rows = await listFaqCategories(db, brand);
  return rows.map((c) => ({ id: c.id, slug: c.slug, name: pick(lang, c.nameSv, c.nameEn), entryCount: c.entryCount }));
}

function faqEntry(row: FaqEntryWithCategory, lang: Lang): FaqEntry {
  return {
    id: row.id,
    category: { id: row.category.id, slug: row.category.slug, name: pick(lang, row.category.nameSv, row.category.nameEn) },
    question: pick(lang, row.questionSv, row.questionEn),
    answer: pick(lang, row.answerSv, row.answerEn),
  };
}

export async function faqFor(
  db: Db,
  brand: Brand,
  lang: Lang,
  filter: { categorySlug?: string; search?: string; landingOnly?: boolean },
): Promise<FaqEntry[]> {
  let categoryId: string | undefined;
  if (filter.categorySlug) {
    const category = await findFaqCategory(db, brand, { slug: filter.categorySlug });
    if (!category) throw new NotFoundError('help.faqCategoryNotFound');
    categoryId = category.id;
  }
  const rows = await listPublishedFaq(db, brand, {
    categoryId,
    search: filter.search || undefined,
    landingOnly: filter.landingOnly,
  });
  return rows.map((r) => faqEntry(r, lang));
}

/** The chapter track is made from the stored chapters, so editing them never leaves a stale file. */
export function chaptersTrackUrl(guideId: string, lang: Lang): string {
  return `/api/v1/video_guides/${guideId}/chapters.${lang}.vtt`;
}

function videoGuide(row: VideoGuideRow, lang: Lang): VideoGuide {
  const captions = pick(lang, row.captionsSv, row.captionsEn);
  return {
    id: row.id,
    slug: row.slug,
    title: pick(lang, row.titleSv, row.titleEn),
    description: pick(lang, row.descriptionSv, row.descriptionEn),
    videoUrl: row.videoPath,
    videoType: row.videoPath.endsWith('.mp4') ? 'video/mp4' : 'video/webm',
    poster: {
      src: row.posterSrc,
      width: row.posterWidth,
      height: row.posterHeight,
      alt: pick(lang, row.titleSv, row.titleEn),
    },
    durationSeconds: row.durationSeconds,
    chapters: row.chapters.map((c) => ({ start: c.start, title: pick(lang, c.titleSv, c.titleEn) })),
    chaptersTrackUrl: chaptersTrackUrl(row.id, lang),
    captionsTrackUrl: captions ?? null,
  };
}

export async function videoGuidesFor(db: Db, brand: Brand, lang: Lang): Promise<VideoGuide[]> {
  return (await listVideoGuides(db, brand)).map((g) => videoGuide(g, lang));
}

export async function videoGuideFor(db: Db, brand: Brand, lang: Lang, id: string): Promise<VideoGuide> {
  const row = await findVideoGuide(db, brand, id);
  if (!row) throw new NotFoundError('help.videoGuideNotFound');
  return videoGuide(row, lang);
}

function vttTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.000`;
}

/** WebVTT chapters: each chapter runs until the next one starts, the last until the end. */
export async function chaptersVttFor(db: Db, brand: Brand, lang: Lang, id: string): Promise<string> {
  const row = await findVideoGuide(db, brand, id);
  if (!row) throw new NotFoundError('help.videoGuideNotFound');
  const cues = row.chapters.map((c, i) => {
    const end = row.chapters[i + 1]?.start ?? row.durationSeconds;
    // A cue's text may not hold "-->" or a blank line; titles are single-line and bounded.
    const title = pick(lang, c.titleSv, c.titleEn)
      .replace(/-->/g, '→')
      .replace(/\s*\n\s*/g, ' ');
    return `${i + 1}\n${vttTime(c.start)} --> ${vttTime(end)}\n${title}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

export async function screenshotsFor(db: Db, brand: Brand, lang: Lang): Promise<DashboardScreenshot[]> {
  return (await listScreenshots(db, brand)).map((s) => ({
    id: s.id,
    src: s.src,
    width: s.width,
    height: s.height,
    alt: pick(lang, s.altSv, s.altEn),
    caption: pick(lang, s.captionSv, s.captionEn),
  }));
}

export async function helpTextsFor(db: Db, brand: Brand, lang: Lang): Promise<HelpTexts> {
  const rows = await listHelpTexts(db, brand);
  return Object.fromEntries(rows.map((r) => [r.key, pick(lang, r.textSv, r.textEn)]));
}
