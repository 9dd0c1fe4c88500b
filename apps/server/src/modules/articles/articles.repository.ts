import type { ArticleSort, ArticlesListFilter } from '@fairway/shared';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { type PageRequest, pageOf } from '../accounting/mirror/list';
import { findMirrored, type MirrorTarget } from '../accounting/mirror/mirror';
import { articles } from './articles.tables';

export type ArticleRecord = typeof articles.$inferSelect;

/** Fields the mirror keeps only inside `data` (the document as last read). */
const stockItem = sql<boolean>`coalesce((${articles.data}->>'stockItem')::boolean, false)`;
const purchasePrice = sql<number | null>`(${articles.data}->>'purchasePriceOre')::bigint`;
const ean = sql<string | null>`${articles.data}->>'ean'`;

const SORT_COLUMNS: Record<ArticleSort, PgColumn> = {
  number: articles.number,
  description: articles.description,
  type: articles.type,
  price: articles.salesPriceOre,
  stock: articles.stockQuantityHundredths,
};

/**
 * Where a caller may look: the club account in use. Articles have no "only team-created" rule
 * (docs/permissions.md#team-rules names documents, contracts, offers and customers), so every member sees them all.
 */
function scope(target: MirrorTarget): SQL[] {
  return [eq(articles.organisationId, target.organisationId), eq(articles.clubAccountId, target.clubAccountId)];
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterOf(target: MirrorTarget, filter: Omit<ArticlesListFilter, 'page' | 'pageSize'>): SQL | undefined {
  const conditions = scope(target);
  if (filter.status !== 'all') conditions.push(eq(articles.active, filter.status === 'active'));
  if (filter.type !== 'all') conditions.push(eq(articles.type, filter.type));
  if (filter.stockItem !== 'all') conditions.push(sql`${stockItem} = ${filter.stockItem === 'yes'}`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(articles.number, pattern),
        ilike(articles.description, pattern),
        // EAN: the whole code from a scanner, or its start typed by hand.
        sql`${ean} like ${`${escapeLike(filter.search)}%`}`,
      ) as SQL,
    );
  }
  return and(...conditions);
}

const rowColumns = {
  id: articles.id,
  number: articles.number,
  description: articles.description,
  type: articles.type,
  unit: articles.unit,
  active: articles.active,
  stockItem,
  vatPercent: articles.vatPercent,
  salesPriceOre: articles.salesPriceOre,
  purchasePriceOre: purchasePrice,
  stockQuantityHundredths: articles.stockQuantityHundredths,
};
export interface ArticleListRow {
  id: string;
  number: string;
  description: string;
  type: string;
  unit: string | null;
  active: boolean;
  stockItem: boolean;
  vatPercent: number;
  salesPriceOre: number | null;
  purchasePriceOre: number | string | null;
  stockQuantityHundredths: number | null;
}

export function listArticles(conn: Db | Tx, target: MirrorTarget, filter: ArticlesListFilter, page: PageRequest) {
  return pageOf<typeof articles, ArticleListRow>(
    conn,
    articles,
    rowColumns,
    filterOf(target, filter),
    { column: SORT_COLUMNS[filter.sort ?? 'number'], direction: filter.order, tiebreak: articles.number },
    page,
  );
}

/** Every article of the filter, for an export (capped: an export is a list, not a backup). */
export async function allArticles(
  conn: Db | Tx,
  target: MirrorTarget,
  filter: Omit<ArticlesListFilter, 'page' | 'pageSize'>,
  limit: number,
): Promise<ArticleRecord[]> {
  return conn.select().from(articles).where(filterOf(target, filter)).orderBy(asc(articles.number)).limit(limit);
}

export async function findArticle(conn: Db | Tx, target: MirrorTarget, id: string): Promise<ArticleRecord | null> {
  const [row] = await conn
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), ...scope(target)));
  return row ?? null;
}

/** The article a portal request created (our reference on it), if it has been mirrored. */
export function findArticleByExternalRef(
  conn: Db | Tx,
  target: MirrorTarget,
  externalRef: string,
): Promise<ArticleRecord | null> {
  return findMirrored(conn, articles, target, { externalRef });
}

export function findArticleByNumber(conn: Db | Tx, target: MirrorTarget, number: string): Promise<ArticleRecord | null> {
  return findMirrored(conn, articles, target, { number });
}

/**
 * The article lookup of invoice rows: active articles whose number starts with `q`, whose
 * description contains it, or whose EAN is it; exact number first, then by number.
 */
/**
 * Article descriptions by number: rows of invoices and statistics that name an article but leave
 * the description empty, or whose own text is a variant.
 */
export async function articleDescriptions(conn: Db | Tx, target: MirrorTarget, numbers: string[]): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await conn
    .select({ number: articles.number, description: articles.description })
    .from(articles)
    .where(and(eq(articles.clubAccountId, target.clubAccountId), inArray(articles.number, numbers)));
  return new Map(rows.map((r) => [r.number, r.description]));
}

export async function searchArticles(conn: Db | Tx, target: MirrorTarget, q: string, limit: number) {
  const conditions = [...scope(target), eq(articles.active, true)];
  if (q) {
    conditions.push(
      or(ilike(articles.number, `${escapeLike(q)}%`), ilike(articles.description, likePattern(q)), sql`${ean} = ${q}`) as SQL,
    );
  }
  return conn
    .select({
      id: articles.id,
      number: articles.number,
      description: articles.description,
      unit: articles.unit,
      salesPriceOre: articles.salesPriceOre,
      vatPercent: articles.vatPercent,
    })
    .from(articles)
    .where(and(...conditions))
    .orderBy(sql`${articles.number} = ${q} desc`, asc(articles.number))
    .limit(limit);
}
