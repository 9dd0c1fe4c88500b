import { randomUUID } from 'node:crypto';
import {
  type Article,
  type ArticleOption,
  type ArticleRow,
  type ArticlesListFilter,
  articleMarginBasisPoints,
  type CreateArticleInput,
  type Pagination,
  type UpdateArticleInput,
} from '@fairway/shared';
import { NotFoundError } from '../../lib/errors';
import { type Lang, t } from '../../lib/i18n';
import { isAccountingError } from '../../providers/accounting/errors';
import type { AccArticle, ArticleFields } from '../../providers/accounting/provider';
import { type AccountingCaller, targetOf } from '../accounting/access';
import type { AccountingDeps } from '../accounting/deps';
import { joinInFlight } from '../accounting/in-flight';
import { type ExportFile, exportRows } from '../accounting/mirror/export';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { mirrorArticles } from './articles.mirror';
import * as repo from './articles.repository';

export const EXPORT_LIMIT = 50_000;
export const SEARCH_LIMIT = 20;

function toArticle(row: repo.ArticleRecord, stale: boolean): Article {
  const a = row.data;
  return {
    id: row.id,
    number: row.number,
    description: a.description,
    type: a.type,
    unit: a.unit,
    active: a.active,
    discontinued: a.discontinued,
    ean: a.ean,
    manufacturer: a.manufacturer,
    manufacturerArticleNumber: a.manufacturerArticleNumber,
    supplierNumber: a.supplierNumber,
    stockItem: a.stockItem,
    stockPlace: a.stockPlace,
    stockQuantityHundredths: a.stockQuantityHundredths,
    disposableQuantityHundredths: a.disposableQuantityHundredths,
    orderPointHundredths: a.orderPointHundredths,
    stockValueOre: a.stockValueOre,
    salesAccountSe: a.salesAccountSe,
    salesAccountEu: a.salesAccountEu,
    salesAccountExport: a.salesAccountExport,
    purchaseAccount: a.purchaseAccount,
    vatPercent: a.vatPercent,
    salesPriceOre: a.salesPriceOre,
    purchasePriceOre: a.purchasePriceOre,
    marginBasisPoints: articleMarginBasisPoints(a.salesPriceOre, a.purchasePriceOre),
    widthMm: a.widthMm,
    heightMm: a.heightMm,
    depthMm: a.depthMm,
    weightGrams: a.weightGrams,
    notes: a.notes,
    syncedAt: row.syncedAt.toISOString(),
    stale,
  };
}

/** Fields the programs compute themselves (what is reserved, what the stock is worth). */
const READ_ONLY = { disposableQuantityHundredths: null, stockValueOre: null } as const;

export async function listArticlesPage(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: ArticlesListFilter,
): Promise<{ data: ArticleRow[]; pagination: Pagination }> {
  const { rows, total } = await repo.listArticles(deps.db, targetOf(caller), filter, filter);
  return {
    data: rows.map((r) => {
      // jsonb numbers come back as text through `->>`; bigint columns are numbers already.
      const purchasePriceOre = r.purchasePriceOre === null ? null : Number(r.purchasePriceOre);
      return {
        ...r,
        type: r.type as ArticleRow['type'],
        purchasePriceOre,
        marginBasisPoints: articleMarginBasisPoints(r.salesPriceOre, purchasePriceOre),
      };
    }),
    pagination: { page: filter.page, pageSize: filter.pageSize, total },
  };
}

/**
 * GET articles/{id}: the whole article as the program has it now (stock moves there, not here),
 * written back into the mirror. When the program cannot answer (slow, down, consent revoked),
 * the mirror's copy is answered marked stale rather than failing the page; an article the
 * program no longer has is reported as missing there.
 */
export async function getArticle(deps: AccountingDeps, caller: AccountingCaller, id: string): Promise<Article> {
  const target = targetOf(caller);
  const row = await repo.findArticle(deps.db, target, id);
  if (!row) throw new NotFoundError('articles.notFound');
  let fresh: AccArticle;
  try {
    const provider = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
    fresh = await provider.articles.get(row.number);
  } catch (error) {
    if (!isAccountingError(error) || error.kind === 'not_found' || error.kind === 'validation') throw error;
    deps.log.warn({ err: error, article: row.number }, 'article read from the mirror: the accounting program did not answer');
    return toArticle(row, true);
  }
  return toArticle(await remember(deps, target, fresh), false);
}

async function remember(deps: AccountingDeps, target: MirrorTarget, article: AccArticle): Promise<repo.ArticleRecord> {
  return deps.db.transaction(async (tx) => {
    await mirrorArticles(tx, target, [article], null, true);
    const stored = await repo.findArticleByNumber(tx, target, article.number);
    if (!stored) throw new Error('the article is missing from the mirror');
    return stored;
  });
}

export async function searchArticleOptions(deps: AccountingDeps, caller: AccountingCaller, q: string): Promise<ArticleOption[]> {
  return repo.searchArticles(deps.db, targetOf(caller), q, SEARCH_LIMIT);
}

/**
 * POST articles: created in the accounting program first (carrying our reference, so a retry
 * after a lost answer finds it instead of creating a second; the same `requestId` again answers
 * the first article), then written to the mirror with
 * who created it, and told in the event log. A refusal by the program changes nothing here.
 */
export async function createArticle(deps: AccountingDeps, caller: AccountingCaller, body: CreateArticleInput): Promise<Article> {
  return joinInFlight(body.requestId ? `${caller.organisationId}:articles:${body.requestId}` : null, async () => {
    const target = targetOf(caller);
    const externalRef = `fw-${body.requestId ?? randomUUID()}`;
    if (body.requestId) {
      const done = await repo.findArticleByExternalRef(deps.db, target, externalRef);
      if (done) return toArticle(done, false);
    }
    const provider = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
    const { number, requestId: _r, ...fields } = body;
    const created = await provider.articles.create({ ...fields, ...READ_ONLY, ...(number ? { number } : {}) }, { externalRef });
    return deps.db.transaction(async (tx) => {
      await mirrorArticles(tx, target, [created], caller.userId, true);
      await logEvent(tx, {
        organisationId: target.organisationId,
        clubAccountId: target.clubAccountId,
        resource: 'articles',
        activity: 'articles.event.created',
        params: { user: await userDisplayName(tx, caller.userId), number: created.number, description: created.description },
        type: 'SUCCESS',
      });
      const row = await repo.findArticleByNumber(tx, target, created.number);
      if (!row) throw new Error('the created article is missing from the mirror');
      return toArticle(row, false);
    });
  });
}

/** PUT articles/{id}: the program is updated first; the mirror then takes its answer. */
export async function updateArticle(
  deps: AccountingDeps,
  caller: AccountingCaller,
  id: string,
  body: UpdateArticleInput,
): Promise<Article> {
  const target = targetOf(caller);
  const existing = await repo.findArticle(deps.db, target, id);
  if (!existing) throw new NotFoundError('articles.notFound');
  const provider = await deps.accountingFor({ organisationId: target.organisationId }, target.clubAccountId);
  const fields: Partial<ArticleFields> = body;
  const updated = await provider.articles.update(existing.number, fields);
  return deps.db.transaction(async (tx) => {
    await mirrorArticles(tx, target, [updated], null, true);
    await logEvent(tx, {
      organisationId: target.organisationId,
      clubAccountId: target.clubAccountId,
      resource: 'articles',
      activity: 'articles.event.updated',
      params: { user: await userDisplayName(tx, caller.userId), number: updated.number, description: updated.description },
      type: 'INFO',
    });
    const row = await repo.findArticleByNumber(tx, target, updated.number);
    if (!row) throw new Error('the updated article is missing from the mirror');
    return toArticle(row, false);
  });
}

export async function exportArticles(
  deps: AccountingDeps,
  caller: AccountingCaller,
  filter: Omit<ArticlesListFilter, 'page' | 'pageSize'>,
  format: 'csv' | 'xlsx',
  lang: Lang,
): Promise<ExportFile> {
  const rows = await repo.allArticles(deps.db, targetOf(caller), filter, EXPORT_LIMIT);
  const h = (key: Parameters<typeof t>[0]) => t(key, lang);
  const yesNo = (v: boolean) => h(v ? 'articles.export.yes' : 'articles.export.no');
  return exportRows(
    format,
    h('articles.export.filename'),
    [
      { header: h('articles.export.number'), value: (r) => r.number, width: 14 },
      { header: h('articles.export.description'), value: (r) => r.description, width: 36 },
      {
        header: h('articles.export.type'),
        value: (r) => h(r.type === 'STOCK' ? 'articles.export.stock' : 'articles.export.service'),
      },
      { header: h('articles.export.unit'), value: (r) => r.unit, width: 8 },
      { header: h('articles.export.ean'), value: (r) => r.data.ean, width: 16 },
      { header: h('articles.export.vat'), value: (r) => r.vatPercent, width: 8 },
      { header: h('articles.export.salesPrice'), value: (r) => r.salesPriceOre, money: true },
      { header: h('articles.export.purchasePrice'), value: (r) => r.data.purchasePriceOre, money: true },
      {
        header: h('articles.export.margin'),
        value: (r) => {
          const margin = articleMarginBasisPoints(r.salesPriceOre, r.data.purchasePriceOre);
          return margin === null ? null : margin / 100;
        },
        width: 10,
      },
      { header: h('articles.export.stockItem'), value: (r) => yesNo(r.data.stockItem), width: 10 },
      {
        header: h('articles.export.quantity'),
        value: (r) => (r.stockQuantityHundredths === null ? null : r.stockQuantityHundredths / 100),
        width: 10,
      },
      { header: h('articles.export.stockValue'), value: (r) => r.data.stockValueOre, money: true },
      { header: h('articles.export.salesAccount'), value: (r) => r.data.salesAccountSe, width: 10 },
      { header: h('articles.export.active'), value: (r) => yesNo(r.active), width: 8 },
    ],
    rows,
  );
}
