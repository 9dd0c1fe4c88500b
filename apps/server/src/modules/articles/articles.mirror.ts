import type { Db, Tx } from '../../db/client';
import type { AccArticle, ArticleSummaryFlag } from '../../providers/accounting/provider';
import {
  type MirrorTarget,
  mergeDocument,
  mirrorTableUpkeep,
  storedDocuments,
  timestampOf,
  upsertMirror,
} from '../accounting/mirror/mirror';
import { articles } from './articles.tables';

export function articleRow(target: MirrorTarget, a: AccArticle, createdBy?: string | null): typeof articles.$inferInsert {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    number: a.number,
    description: a.description,
    type: a.type,
    unit: a.unit,
    active: a.active,
    vatPercent: a.vatPercent,
    salesPriceOre: a.salesPriceOre,
    stockQuantityHundredths: a.stockQuantityHundredths,
    externalRef: a.externalRef,
    ...(createdBy ? { createdBy } : {}),
    data: a,
    providerModifiedAt: timestampOf(a.modifiedAt),
  };
}

const MIRRORED = [
  'description',
  'type',
  'unit',
  'active',
  'vatPercent',
  'salesPriceOre',
  'stockQuantityHundredths',
  'externalRef',
  'data',
  'providerModifiedAt',
] as const;

/**
 * A list summary merged into the stored article. Flags the program's summaries do not carry
 * (`omits`; Fortnox: `StockGoods`, `Expired`) are mapped to false there, which must not overwrite
 * what a full read of the article stored.
 */
function summaryInto(stored: AccArticle | undefined, summary: AccArticle, omits: readonly ArticleSummaryFlag[]): AccArticle {
  const merged = mergeDocument(stored, summary);
  if (!stored) return merged;
  for (const flag of omits) merged[flag] = stored[flag];
  return merged;
}

/**
 * Writes articles read from (or just written to) the accounting program into the mirror. List
 * answers are summaries and are merged into what the mirror holds (see summaryInto); a `whole` document (the answer
 * of a read by number, a create or an update) replaces it, so a field cleared in the program
 * (an EAN, a purchase price) is cleared here too; only our reference is carried over.
 */
export async function mirrorArticles(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccArticle[],
  createdBy?: string | null,
  whole = false,
  summaryOmits: readonly ArticleSummaryFlag[] = [],
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    articles,
    target,
    items.map((a) => a.number),
  );
  const rows = items.map((a) => {
    const before = stored.get(a.number) as AccArticle | undefined;
    // Fortnox reads carry no reference of ours: the one the create stored is kept.
    const doc = whole
      ? { ...a, externalRef: a.externalRef ?? before?.externalRef ?? null }
      : summaryInto(before, a, summaryOmits);
    return { ...articleRow(target, doc, createdBy), ...(whole ? { readInFullAt: new Date() } : {}) };
  });
  return upsertMirror(conn, articles, rows, whole ? [...MIRRORED, 'readInFullAt'] : MIRRORED);
}

/** The article mirror's upkeep in a refresh: a full read prunes the articles the program no longer has. */
export const articlesMirrorTable = mirrorTableUpkeep(articles, { pruned: true });
