import type { Db, Tx } from '../../db/client';
import type { AccArticle } from '../../providers/accounting/provider';
import {
  awaitingWholeRead,
  type DocumentMirror,
  type ListItemWrite,
  type MirrorTarget,
  mirrorTableUpkeep,
  timestampOf,
  writeMirrorDocuments,
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
export async function mirrorArticles(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccArticle[],
  createdBy?: string | null,
  whole = false,
  list: ListItemWrite<AccArticle> = { omits: [] },
): Promise<number> {
  return writeMirrorDocuments(conn, ARTICLES_MIRROR, target, items, createdBy, whole, list);
}

/** Up to `limit` articles held only as list items, or changed since their whole read. */
export const articlesAwaitingWholeRead = (conn: Db | Tx, target: MirrorTarget, limit: number, after: string | null = null) =>
  awaitingWholeRead(conn, articles, target, limit, after);

/** The article mirror's upkeep in a refresh: a full read prunes the articles the program no longer has. */
export const articlesMirrorTable = mirrorTableUpkeep(articles, { pruned: true });
