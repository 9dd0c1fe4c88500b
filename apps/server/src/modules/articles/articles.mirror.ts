import type { Db, Tx } from '../../db/client';
import type { AccArticle } from '../../integrations/accounting/provider';
import { type MirrorTarget, mergeDocument, storedDocuments, timestampOf, upsertMirror } from '../accounting/mirror';
import { articles } from './articles.schema';

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

export async function mirrorArticles(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccArticle[],
  createdBy?: string | null,
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    articles,
    target,
    items.map((a) => a.number),
  );
  const rows = items.map((a) => articleRow(target, mergeDocument(stored.get(a.number) as AccArticle | undefined, a), createdBy));
  return upsertMirror(conn, articles, rows, MIRRORED);
}
