import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { blogCategories, blogPosts, dashboardScreenshots, faqCategories, faqEntries, helpTexts, videoGuides } from '../schema';
import { BLOG_CATEGORY_SEED, BLOG_POST_SEED } from './help-blog';
import { FAQ_SEED } from './help-faq';
import { HELP_TEXT_SEED, SCREENSHOT_SEED, VIDEO_GUIDE_SEED } from './help-guides';

export { BLOG_CATEGORY_SEED, BLOG_POST_SEED } from './help-blog';
export { FAQ_SEED } from './help-faq';
export { HELP_TEXT_SEED, SCREENSHOT_SEED, VIDEO_GUIDE_SEED } from './help-guides';

const media = (slug: string) => ({
  videoPath: `/media/guides/${slug}.webm`,
  posterSrc: `/media/guides/${slug}.jpg`,
  posterWidth: 1280,
  posterHeight: 720,
  captionsSv: `/media/guides/${slug}.sv.vtt`,
  captionsEn: `/media/guides/${slug}.en.vtt`,
});

async function isEmpty(
  db: Db,
  table: typeof blogCategories | typeof faqCategories | typeof videoGuides | typeof dashboardScreenshots,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0) === 0;
}

/**
 * The help content the product ships with (blog, FAQ, video guides, screenshots, help texts), for
 * both brands. Run on every start, demo or not: the public pages need it. Each kind is written only
 * while its table is empty, so what platform admins change or delete later stays changed; help
 * texts are added by key, so a release can bring new keys without touching edited ones.
 */
export async function seedHelpContent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // One start at a time (several API processes may start together against one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fairway.seed.help'))`);
    const conn = tx as unknown as Db;

    if (await isEmpty(conn, blogCategories)) {
      const categories = await tx
        .insert(blogCategories)
        .values(
          BLOG_CATEGORY_SEED.map((c, i) => ({
            brand: c.brand,
            slug: c.slug,
            nameSv: c.name.sv,
            nameEn: c.name.en,
            sortOrder: i + 1,
          })),
        )
        .returning({ id: blogCategories.id, brand: blogCategories.brand, slug: blogCategories.slug });
      const categoryId = (brand: string, slug: string) => {
        const found = categories.find((c) => c.brand === brand && c.slug === slug);
        if (!found) throw new Error(`help seed: no blog category ${brand}/${slug}`);
        return found.id;
      };
      await tx.insert(blogPosts).values(
        BLOG_POST_SEED.map((post) => ({
          brand: post.brand,
          categoryId: categoryId(post.brand, post.category),
          slugSv: post.slug.sv,
          slugEn: post.slug.en,
          titleSv: post.title.sv,
          titleEn: post.title.en,
          descriptionSv: post.description.sv,
          descriptionEn: post.description.en,
          bodySv: post.body.sv,
          bodyEn: post.body.en,
          author: post.author,
          coverSrc: post.cover?.src ?? null,
          coverWidth: post.cover?.width ?? null,
          coverHeight: post.cover?.height ?? null,
          coverAltSv: post.cover?.alt.sv ?? null,
          coverAltEn: post.cover?.alt.en ?? null,
          publishedAt: new Date(post.publishedAt),
          updatedAt: new Date(post.publishedAt),
        })),
      );
    }

    if (await isEmpty(conn, faqCategories)) {
      for (const [index, category] of FAQ_SEED.entries()) {
        const [row] = await tx
          .insert(faqCategories)
          .values({
            brand: category.brand,
            slug: category.slug,
            nameSv: category.name.sv,
            nameEn: category.name.en,
            sortOrder: index + 1,
          })
          .returning({ id: faqCategories.id });
        await tx.insert(faqEntries).values(
          category.entries.map((entry, i) => ({
            categoryId: (row as { id: string }).id,
            questionSv: entry.question.sv,
            questionEn: entry.question.en,
            answerSv: entry.answer.sv,
            answerEn: entry.answer.en,
            sortOrder: i + 1,
            showOnLanding: entry.showOnLanding ?? false,
          })),
        );
      }
    }

    if (await isEmpty(conn, videoGuides)) {
      await tx.insert(videoGuides).values(
        VIDEO_GUIDE_SEED.map((guide, i) => ({
          brand: guide.brand,
          slug: guide.slug,
          titleSv: guide.title.sv,
          titleEn: guide.title.en,
          descriptionSv: guide.description.sv,
          descriptionEn: guide.description.en,
          ...media(guide.slug),
          durationSeconds: guide.durationSeconds,
          chapters: guide.chapters.map((c) => ({ start: c.start, titleSv: c.title.sv, titleEn: c.title.en })),
          sortOrder: i + 1,
        })),
      );
    }

    if (await isEmpty(conn, dashboardScreenshots)) {
      await tx.insert(dashboardScreenshots).values(
        SCREENSHOT_SEED.map((s, i) => ({
          brand: s.brand,
          src: s.src,
          width: s.width,
          height: s.height,
          altSv: s.alt.sv,
          altEn: s.alt.en,
          captionSv: s.caption.sv,
          captionEn: s.caption.en,
          sortOrder: i + 1,
        })),
      );
    }

    await tx
      .insert(helpTexts)
      .values(HELP_TEXT_SEED.map((t) => ({ brand: t.brand, key: t.key, textSv: t.text.sv, textEn: t.text.en })))
      .onConflictDoNothing();
  });
}
