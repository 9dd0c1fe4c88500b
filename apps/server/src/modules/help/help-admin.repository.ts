import type { Brand } from '@fairway/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  blogCategories,
  blogPosts,
  dashboardScreenshots,
  faqCategories,
  faqEntries,
  helpTexts,
  videoGuides,
} from './help.tables';

/**
 * Writes of the help content by platform admins. Like the reads, each takes the brand as its scope:
 * an id of the other brand's content changes nothing and answers undefined (a 404 upstream).
 */

type Conn = Db | Tx;
type Values<T extends { $inferInsert: unknown }> = Omit<T['$inferInsert'], 'id' | 'brand' | 'createdAt' | 'updatedAt'>;

export type BlogCategoryValues = Values<typeof blogCategories>;
export type BlogPostValues = Values<typeof blogPosts>;
export type FaqCategoryValues = Values<typeof faqCategories>;
export type FaqEntryValues = Values<typeof faqEntries>;
export type VideoGuideValues = Values<typeof videoGuides>;
export type ScreenshotValues = Values<typeof dashboardScreenshots>;

const touched = { updatedAt: sql`now()` };

export async function insertBlogCategory(db: Conn, brand: Brand, values: BlogCategoryValues) {
  const [row] = await db
    .insert(blogCategories)
    .values({ ...values, brand })
    .returning();
  return row as typeof blogCategories.$inferSelect;
}

export async function updateBlogCategory(db: Conn, brand: Brand, id: string, values: BlogCategoryValues) {
  const [row] = await db
    .update(blogCategories)
    .set({ ...values, ...touched })
    .where(and(eq(blogCategories.brand, brand), eq(blogCategories.id, id)))
    .returning();
  return row;
}

export async function deleteBlogCategory(db: Conn, brand: Brand, id: string): Promise<boolean> {
  const rows = await db
    .delete(blogCategories)
    .where(and(eq(blogCategories.brand, brand), eq(blogCategories.id, id)))
    .returning({ id: blogCategories.id });
  return rows.length > 0;
}

export async function insertBlogPost(db: Conn, brand: Brand, values: BlogPostValues) {
  const [row] = await db
    .insert(blogPosts)
    .values({ ...values, brand })
    .returning();
  return row as typeof blogPosts.$inferSelect;
}

export async function updateBlogPost(db: Conn, brand: Brand, id: string, values: Partial<BlogPostValues>) {
  const [row] = await db
    .update(blogPosts)
    .set({ ...values, ...touched })
    .where(and(eq(blogPosts.brand, brand), eq(blogPosts.id, id)))
    .returning();
  return row;
}

export async function deleteBlogPost(db: Conn, brand: Brand, id: string): Promise<boolean> {
  const rows = await db
    .delete(blogPosts)
    .where(and(eq(blogPosts.brand, brand), eq(blogPosts.id, id)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function insertFaqCategory(db: Conn, brand: Brand, values: FaqCategoryValues) {
  const [row] = await db
    .insert(faqCategories)
    .values({ ...values, brand })
    .returning();
  return row as typeof faqCategories.$inferSelect;
}

export async function updateFaqCategory(db: Conn, brand: Brand, id: string, values: FaqCategoryValues) {
  const [row] = await db
    .update(faqCategories)
    .set({ ...values, ...touched })
    .where(and(eq(faqCategories.brand, brand), eq(faqCategories.id, id)))
    .returning();
  return row;
}

/** Deletes the category and (cascade) its entries. */
export async function deleteFaqCategory(db: Conn, brand: Brand, id: string): Promise<boolean> {
  const rows = await db
    .delete(faqCategories)
    .where(and(eq(faqCategories.brand, brand), eq(faqCategories.id, id)))
    .returning({ id: faqCategories.id });
  return rows.length > 0;
}

/** The caller has checked that `values.categoryId` is a category of `brand`. */
export async function insertFaqEntry(db: Conn, values: FaqEntryValues) {
  const [row] = await db.insert(faqEntries).values(values).returning();
  return row as typeof faqEntries.$inferSelect;
}

const faqEntryOfBrand = (brand: Brand, id: string) =>
  and(
    eq(faqEntries.id, id),
    sql`exists (select 1 from faq_categories c where c.id = ${faqEntries.categoryId} and c.brand = ${brand})`,
  );

export async function updateFaqEntry(db: Conn, brand: Brand, id: string, values: FaqEntryValues) {
  const [row] = await db
    .update(faqEntries)
    .set({ ...values, ...touched })
    .where(faqEntryOfBrand(brand, id))
    .returning();
  return row;
}

export async function deleteFaqEntry(db: Conn, brand: Brand, id: string): Promise<boolean> {
  const rows = await db.delete(faqEntries).where(faqEntryOfBrand(brand, id)).returning({ id: faqEntries.id });
  return rows.length > 0;
}

export async function insertVideoGuide(db: Conn, brand: Brand, values: VideoGuideValues) {
  const [row] = await db
    .insert(videoGuides)
    .values({ ...values, brand })
    .returning();
  return row as typeof videoGuides.$inferSelect;
}

export async function updateVideoGuide(db: Conn, brand: Brand, id: string, values: VideoGuideValues) {
  const [row] = await db
    .update(videoGuides)
    .set({ ...values, ...touched })
    .where(and(eq(videoGuides.brand, brand), eq(videoGuides.id, id)))
    .returning();
  return row;
}

export async function deleteVideoGuide(db: Conn, brand: Brand, id: string): Promise<boolean> {
  const rows = await db
    .delete(videoGuides)
    .where(and(eq(videoGuides.brand, brand), eq(videoGuides.id, id)))
    .returning({ id: videoGuides.id });
  return rows.length > 0;
}

export async function insertScreenshot(db: Conn, brand: Brand, values: ScreenshotValues) {
  const [row] = await db
    .insert(dashboardScreenshots)
    .values({ ...values, brand })
    .returning();
  return row as typeof dashboardScreenshots.$inferSelect;
}

export async function updateScreenshot(db: Conn, brand: Brand, id: string, values: ScreenshotValues) {
  const [row] = await db
    .update(dashboardScreenshots)
    .set({ ...values, ...touched })
    .where(and(eq(dashboardScreenshots.brand, brand), eq(dashboardScreenshots.id, id)))
    .returning();
  return row;
}

export async function deleteScreenshot(db: Conn, brand: Brand, id: string): Promise<boolean> {
  const rows = await db
    .delete(dashboardScreenshots)
    .where(and(eq(dashboardScreenshots.brand, brand), eq(dashboardScreenshots.id, id)))
    .returning({ id: dashboardScreenshots.id });
  return rows.length > 0;
}

export async function upsertHelpText(db: Conn, brand: Brand, key: string, text: { sv: string; en: string }) {
  const [row] = await db
    .insert(helpTexts)
    .values({ brand, key, textSv: text.sv, textEn: text.en })
    .onConflictDoUpdate({
      target: [helpTexts.brand, helpTexts.key],
      set: { textSv: text.sv, textEn: text.en, ...touched },
    })
    .returning();
  return row as typeof helpTexts.$inferSelect;
}

export async function deleteHelpText(db: Conn, brand: Brand, key: string): Promise<boolean> {
  const rows = await db
    .delete(helpTexts)
    .where(and(eq(helpTexts.brand, brand), eq(helpTexts.key, key)))
    .returning({ key: helpTexts.key });
  return rows.length > 0;
}
