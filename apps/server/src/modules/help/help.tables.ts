import type { BlogBlock } from '@fairway/shared';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Help content is the product's own, not a tenant's: it is scoped by brand (`fairway` or
 * `dubbelkoll`, the server's BRAND) instead of by organisation, and only platform admins (the
 * portal company's staff) change it. Every text has a Swedish and an English column.
 */

const brand = () => text('brand', { enum: ['fairway', 'dubbelkoll'] }).notNull();
/** A category of blog posts or of FAQ entries: named in both languages, in the admin's order. */
const categoryColumns = () => ({
  brand: brand(),
  slug: text('slug').notNull(),
  nameSv: text('name_sv').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** The portal company's staff who may edit help content (not a club role: no organisation grants it). */
export const platformAdmins = pgTable('platform_admins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const blogCategories = pgTable(
  'blog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...categoryColumns(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('blog_categories_brand_slug_uq').on(t.brand, t.slug)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: brand(),
    // A category with posts is not deleted (the service refuses), so no cascade here.
    categoryId: uuid('category_id')
      .notNull()
      .references(() => blogCategories.id),
    slugSv: text('slug_sv').notNull(),
    slugEn: text('slug_en').notNull(),
    titleSv: text('title_sv').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionSv: text('description_sv').notNull(),
    descriptionEn: text('description_en').notNull(),
    bodySv: jsonb('body_sv').$type<BlogBlock[]>().notNull(),
    bodyEn: jsonb('body_en').$type<BlogBlock[]>().notNull(),
    author: text('author').notNull(),
    coverSrc: text('cover_src'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    coverAltSv: text('cover_alt_sv'),
    coverAltEn: text('cover_alt_en'),
    /** Null: a draft, in no public read. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('blog_posts_brand_slug_sv_uq').on(t.brand, t.slugSv),
    uniqueIndex('blog_posts_brand_slug_en_uq').on(t.brand, t.slugEn),
    index('blog_posts_brand_published_idx').on(t.brand, t.publishedAt),
  ],
);

/**
 * A published post's page as the server rendered it (modules/help/blog-pages.ts): the whole HTML,
 * sent for `/blog-details/{id}/{slug}` while `version` (the web build and the post's public
 * answer, hashed) is still current. Deleting the post deletes it.
 */
export const blogPostPages = pgTable('blog_post_pages', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  brand: brand(),
  version: text('version').notNull(),
  html: text('html').notNull(),
  renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqCategories = pgTable(
  'faq_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...categoryColumns(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('faq_categories_brand_slug_uq').on(t.brand, t.slug)],
);

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Entries belong to their category: deleting a category removes its entries (the admin is asked).
    categoryId: uuid('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    questionSv: text('question_sv').notNull(),
    questionEn: text('question_en').notNull(),
    answerSv: text('answer_sv').notNull(),
    answerEn: text('answer_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    showOnLanding: boolean('show_on_landing').notNull().default(false),
    published: boolean('published').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('faq_entries_category_idx').on(t.categoryId, t.sortOrder)],
);

export interface StoredChapter {
  start: number;
  titleSv: string;
  titleEn: string;
}

export const videoGuides = pgTable(
  'video_guides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: brand(),
    slug: text('slug').notNull(),
    titleSv: text('title_sv').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionSv: text('description_sv').notNull(),
    descriptionEn: text('description_en').notNull(),
    videoPath: text('video_path').notNull(),
    posterSrc: text('poster_src').notNull(),
    posterWidth: integer('poster_width').notNull(),
    posterHeight: integer('poster_height').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    chapters: jsonb('chapters').$type<StoredChapter[]>().notNull(),
    captionsSv: text('captions_sv'),
    captionsEn: text('captions_en'),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('video_guides_brand_slug_uq').on(t.brand, t.slug)],
);

export const dashboardScreenshots = pgTable('dashboard_screenshots', {
  id: uuid('id').primaryKey().defaultRandom(),
  brand: brand(),
  src: text('src').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  altSv: text('alt_sv').notNull(),
  altEn: text('alt_en').notNull(),
  captionSv: text('caption_sv').notNull(),
  captionEn: text('caption_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  ...timestamps(),
});

export const helpTexts = pgTable(
  'help_texts',
  {
    brand: brand(),
    key: text('key').notNull(),
    textSv: text('text_sv').notNull(),
    textEn: text('text_en').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.key] })],
);
