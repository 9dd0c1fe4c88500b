import type { AccArticle } from '../../providers/accounting/provider';
import {
  awaitingWholeReadOf,
  type DocumentMirror,
  MIRRORED_BASE,
  type MirrorTarget,
  mirrorRowBase,
  mirrorTableUpkeep,
  mirrorWriter,
} from '../accounting/mirror/mirror';
import { articles } from './articles.tables';

export function articleRow(target: MirrorTarget, a: AccArticle, createdBy?: string | null): typeof articles.$inferInsert {
  return {
    ...mirrorRowBase(target, a, createdBy),
    description: a.description,
    type: a.type,
    unit: a.unit,
    active: a.active,
    vatPercent: a.vatPercent,
    salesPriceOre: a.salesPriceOre,
    stockQuantityHundredths: a.stockQuantityHundredths,
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
  ...MIRRORED_BASE,
] as const;

const ARTICLES_MIRROR: DocumentMirror<AccArticle, typeof articles> = { table: articles, row: articleRow, columns: MIRRORED };

/**
 * Writes articles read from (or just written to) the accounting program into the mirror. List
 * items are merged into what the mirror holds, the fields the program's list items leave out
 * (`list.omits`; Fortnox: type, active, stock and discontinued flags…) kept as a whole read
 * stored them, and an article whose list item shows a change is marked to be read whole again; a
 * `whole` document (the answer of a read by number, a create or an update) replaces it, so a field
 * cleared in the program (an EAN, a purchase price) is cleared here too; only our reference is
 * carried over.
 */
export const mirrorArticles = mirrorWriter(ARTICLES_MIRROR);

/** Up to `limit` articles held only as list items, or changed since their whole read. */
export const articlesAwaitingWholeRead = awaitingWholeReadOf(articles);

/** The article mirror's upkeep in a refresh: a full read prunes the articles the program no longer has. */
export const articlesMirrorTable = mirrorTableUpkeep(articles, { pruned: true });
