import type { Brand } from '@fairway/shared';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts } from '../help/help.schema';

export interface SitemapPost {
  id: string;
  slug: string;
  lastModified: Date;
}

/**
 * The published posts of a brand for the sitemap. A read of the help module's table kept here
 * because the sitemap is the landing module's concern; the Swedish slug is the canonical one
 * (Swedish is the default language, and the English slug redirects there on a Swedish client).
 */
export async function listPublishedPostsForSitemap(db: Db, brand: Brand, now = new Date()): Promise<SitemapPost[]> {
  const rows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slugSv, updatedAt: blogPosts.updatedAt, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.brand, brand), isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)))
    .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    lastModified: r.publishedAt && r.publishedAt > r.updatedAt ? r.publishedAt : r.updatedAt,
  }));
}
