import type { Brand } from '@fairway/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { memberships } from '../users/users.tables';
import {
  blogCategories,
  blogPostPages,
  blogPosts,
  dashboardScreenshots,
  faqCategories,
  faqEntries,
  helpTexts,
  platformAdmins,
  videoGuides,
} from './help.tables';

/**
 * SQL of the help content. Content belongs to a brand, not to a tenant, so every function takes the
 * brand as its required scope argument (the role the tenant plays elsewhere): a row of the other
 * brand answers like a missing one.
 */

type Conn = Db | Tx;

export type BlogCategoryRow = typeof blogCategories.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type FaqCategoryRow = typeof faqCategories.$inferSelect;
export type FaqEntryRow = typeof faqEntries.$inferSelect;
export type VideoGuideRow = typeof videoGuides.$inferSelect;
export type ScreenshotRow = typeof dashboardScreenshots.$inferSelect;
export type HelpTextRow = typeof helpTexts.$inferSelect;

/** Published: has a publishing time that has come (a post can be scheduled). */
const isPublished = () => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, sql`now()`));

// ---------------------------------------------------------------------------------------------
// Blog

export async function listBlogCategories(db: Conn, brand: Brand): Promise<(BlogCategoryRow & { postCount: number })[]> {
  const rows = await db
    .select({
      category: blogCategories,
      // Written out: inside a subquery Drizzle leaves columns unqualified, and "id" would be the post's.
      postCount: sql<number>`(select count(*)::int from blog_posts p where p.category_id = blog_categories.id
        and p.published_at is not null and p.published_at <= now())`,
    })
    .from(blogCategories)
    .where(eq(blogCategories.brand, brand))
    .orderBy(asc(blogCategories.sortOrder), asc(blogCategories.slug));
  return rows.map((r) => ({ ...r.category, postCount: Number(r.postCount) }));
}

export async function findBlogCategory(db: Conn, brand: Brand, id: string): Promise<BlogCategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(blogCategories)
    .where(and(eq(blogCategories.brand, brand), eq(blogCategories.id, id)));
  return row;
}

export interface BlogSearch {
  page: number;
  pageSize: number;
  categorySlug?: string;
  search?: string;
}

function blogConditions(brand: Brand, query: Pick<BlogSearch, 'categorySlug' | 'search'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(blogPosts.brand, brand), isPublished()];
  if (query.categorySlug) conditions.push(eq(blogCategories.slug, query.categorySlug));
  if (query.search) {
    const pattern = likePattern(query.search);
    // Either language: a reader may search in the other one, and the texts are short.
    conditions.push(
      or(
        ilike(blogPosts.titleSv, pattern),
        ilike(blogPosts.titleEn, pattern),
        ilike(blogPosts.descriptionSv, pattern),
        ilike(blogPosts.descriptionEn, pattern),
        sql`${blogPosts.bodySv}::text ilike ${pattern}`,
        sql`${blogPosts.bodyEn}::text ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export type BlogPostWithCategory = BlogPostRow & { category: BlogCategoryRow };

/** Published posts, newest first, with their category. */
export async function listPublishedPosts(
  db: Conn,
  brand: Brand,
  query: BlogSearch,
): Promise<{ rows: BlogPostWithCategory[]; total: number }> {
  const where = blogConditions(brand, query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ post: blogPosts, category: blogCategories })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.post, category: r.category })), total: Number(totalRow?.total ?? 0) };
}

export async function findPublishedPost(db: Conn, brand: Brand, id: string): Promise<BlogPostWithCategory | undefined> {
  const [row] = await db
    .select({ post: blogPosts, category: blogCategories })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.brand, brand), eq(blogPosts.id, id), isPublished()));
  return row ? { ...row.post, category: row.category } : undefined;
}

/** The page the server rendered for a post (blog-pages.ts), whatever its version. */
export async function findBlogPostPage(
  db: Conn,
  brand: Brand,
  postId: string,
): Promise<{ version: string; html: string } | undefined> {
  const [row] = await db
    .select({ version: blogPostPages.version, html: blogPostPages.html })
    .from(blogPostPages)
    .where(and(eq(blogPostPages.brand, brand), eq(blogPostPages.postId, postId)));
  return row;
}

/** Keeps a post's rendered page, replacing the one it had; false when the post is gone meanwhile. */
export async function saveBlogPostPage(
  db: Conn,
  brand: Brand,
  page: { postId: string; version: string; html: string },
): Promise<boolean> {
  const rows = await db
    .insert(blogPostPages)
    .select(
      db
        .select({
          postId: blogPosts.id,
          brand: blogPosts.brand,
          version: sql<string>`${page.version}`.as('version'),
          html: sql<string>`${page.html}`.as('html'),
          renderedAt: sql<Date>`now()`.as('rendered_at'),
        })
        .from(blogPosts)
        .where(and(eq(blogPosts.brand, brand), eq(blogPosts.id, page.postId))),
    )
    .onConflictDoUpdate({
      target: blogPostPages.postId,
      set: { version: page.version, html: page.html, renderedAt: sql`now()` },
    })
    .returning({ postId: blogPostPages.postId });
  return rows.length > 0;
}

/** Drops the rendered pages of these posts (unpublished or gone: they are not sent anyway). */
export async function deleteBlogPostPages(db: Conn, brand: Brand, postIds: string[]): Promise<void> {
  if (!postIds.length) return;
  await db.delete(blogPostPages).where(and(eq(blogPostPages.brand, brand), inArray(blogPostPages.postId, postIds)));
}

export interface SitemapPost {
  id: string;
  slugSv: string;
  slugEn: string;
  publishedAt: Date;
  updatedAt: Date;
}

/** Every published post of the brand, newest first: for sitemap.xml (`/blog-details/{id}/{slug}`). */
export async function listPublishedPostsForSitemap(db: Conn, brand: Brand): Promise<SitemapPost[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      slugSv: blogPosts.slugSv,
      slugEn: blogPosts.slugEn,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.brand, brand), isPublished()))
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id));
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt as Date }));
}

// ---------------------------------------------------------------------------------------------
// FAQ

export async function listFaqCategories(db: Conn, brand: Brand): Promise<(FaqCategoryRow & { entryCount: number })[]> {
  const rows = await db
    .select({
      category: faqCategories,
      entryCount: sql<number>`(select count(*)::int from faq_entries e where e.category_id = faq_categories.id
        and e.published)`,
    })
    .from(faqCategories)
    .where(eq(faqCategories.brand, brand))
    .orderBy(asc(faqCategories.sortOrder), asc(faqCategories.slug));
  return rows.map((r) => ({ ...r.category, entryCount: Number(r.entryCount) }));
}

export async function findFaqCategory(db: Conn, brand: Brand, by: { id: string } | { slug: string }) {
  const [row] = await db
    .select()
    .from(faqCategories)
    .where(and(eq(faqCategories.brand, brand), 'id' in by ? eq(faqCategories.id, by.id) : eq(faqCategories.slug, by.slug)));
  return row;
}

export type FaqEntryWithCategory = FaqEntryRow & { category: FaqCategoryRow };

/** Published entries in category order, then the entries' own order. */
export async function listPublishedFaq(
  db: Conn,
  brand: Brand,
  filter: { categoryId?: string; search?: string; landingOnly?: boolean },
): Promise<FaqEntryWithCategory[]> {
  const conditions: (SQL | undefined)[] = [eq(faqCategories.brand, brand), eq(faqEntries.published, true)];
  if (filter.categoryId) conditions.push(eq(faqEntries.categoryId, filter.categoryId));
  if (filter.landingOnly) conditions.push(eq(faqEntries.showOnLanding, true));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(faqEntries.questionSv, pattern),
        ilike(faqEntries.questionEn, pattern),
        ilike(faqEntries.answerSv, pattern),
        ilike(faqEntries.answerEn, pattern),
      ),
    );
  }
  const rows = await db
    .select({ entry: faqEntries, category: faqCategories })
    .from(faqEntries)
    .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
    .where(and(...conditions))
    .orderBy(asc(faqCategories.sortOrder), asc(faqCategories.slug), asc(faqEntries.sortOrder), asc(faqEntries.id));
  return rows.map((r) => ({ ...r.entry, category: r.category }));
}

// ---------------------------------------------------------------------------------------------
// Video guides, screenshots, help texts

export function listVideoGuides(db: Conn, brand: Brand, includeDrafts = false): Promise<VideoGuideRow[]> {
  return db
    .select()
    .from(videoGuides)
    .where(and(eq(videoGuides.brand, brand), includeDrafts ? undefined : eq(videoGuides.published, true)))
    .orderBy(asc(videoGuides.sortOrder), asc(videoGuides.slug));
}

export async function findVideoGuide(db: Conn, brand: Brand, id: string, includeDrafts = false) {
  const [row] = await db
    .select()
    .from(videoGuides)
    .where(
      and(eq(videoGuides.brand, brand), eq(videoGuides.id, id), includeDrafts ? undefined : eq(videoGuides.published, true)),
    );
  return row;
}

export function listScreenshots(db: Conn, brand: Brand): Promise<ScreenshotRow[]> {
  return db
    .select()
    .from(dashboardScreenshots)
    .where(eq(dashboardScreenshots.brand, brand))
    .orderBy(asc(dashboardScreenshots.sortOrder), asc(dashboardScreenshots.id));
}

export function listHelpTexts(db: Conn, brand: Brand): Promise<HelpTextRow[]> {
  return db.select().from(helpTexts).where(eq(helpTexts.brand, brand)).orderBy(asc(helpTexts.key));
}

// ---------------------------------------------------------------------------------------------
// Editing (platform admins)

export async function isPlatformAdmin(db: Conn, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: platformAdmins.userId }).from(platformAdmins).where(eq(platformAdmins.userId, userId));
  return row !== undefined;
}

export async function grantPlatformAdmin(db: Conn, userId: string): Promise<void> {
  await db.insert(platformAdmins).values({ userId }).onConflictDoNothing();
}

export function listAllBlogPosts(db: Conn, brand: Brand): Promise<BlogPostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.brand, brand))
    .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, asc(blogPosts.id));
}

export async function findBlogPost(db: Conn, brand: Brand, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.brand, brand), eq(blogPosts.id, id)));
  return row;
}

export function listAllFaqEntries(db: Conn, brand: Brand): Promise<FaqEntryRow[]> {
  return db
    .select({ entry: faqEntries })
    .from(faqEntries)
    .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
    .where(eq(faqCategories.brand, brand))
    .orderBy(asc(faqCategories.sortOrder), asc(faqEntries.sortOrder), asc(faqEntries.id))
    .then((rows) => rows.map((r) => r.entry));
}

export async function countPostsInCategory(db: Conn, brand: Brand, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(blogPosts)
    .where(and(eq(blogPosts.brand, brand), eq(blogPosts.categoryId, categoryId)));
  return Number(row?.total ?? 0);
}

export const tables = { blogCategories, blogPosts, faqCategories, faqEntries, videoGuides, dashboardScreenshots, helpTexts };

/**
 * Every platform admin with the organisations they are an active member of: where a platform
 * event (the nightly backup, docs/backup.md) is logged and who is notified of it.
 */
export async function listPlatformAdminMemberships(db: Conn): Promise<{ userId: string; organisationId: string }[]> {
  return db
    .select({ userId: platformAdmins.userId, organisationId: memberships.organisationId })
    .from(platformAdmins)
    .innerJoin(memberships, and(eq(memberships.userId, platformAdmins.userId), eq(memberships.status, 'active')));
}
