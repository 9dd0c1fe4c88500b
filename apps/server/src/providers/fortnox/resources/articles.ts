import { AccountingError, isAccountingError } from '../../accounting/errors';
import type { AccArticle, AccountingProvider, SummaryOmits } from '../../accounting/provider';
import type { FxArticle, FxPrice, FxPriceList } from '../fortnox-types';
import { articleFromFx, articleToFx } from '../mapping';
import { oreToKronor } from '../money';
import { all, enc, type FortnoxContext, idempotent, list, missingAsNull, send } from './context';
import { getArticle } from './documents';
import { articleNumberFor } from './numbers';

/** The price list whose price is an article's SalesPrice (Fortnox's preselected one). */
export const defaultPriceList = (ctx: FortnoxContext) => {
  ctx.preselectedPriceList ??= all<FxPriceList>(ctx, 'pricelists', 'PriceLists', {})
    .then((lists) => lists.find((l) => l.PreSelected)?.Code ?? 'A')
    .catch((error: unknown) => {
      ctx.preselectedPriceList = null;
      throw error;
    });
  return ctx.preselectedPriceList;
};
/**
 * An article's sales price is read-only on the article (CONTRACT.md rule F1): it is the price in
 * the preselected price list from quantity 0, written through /3/prices (rule P1). Updating
 * first and creating when there is none makes it safe to repeat.
 */
export const setSalesPrice = async (ctx: FortnoxContext, articleNumber: string, priceOre: number) => {
  const list = await defaultPriceList(ctx);
  const price = oreToKronor(priceOre);
  try {
    await send<{ Price: FxPrice }>(
      ctx,
      'PUT',
      `prices/${enc(list)}/${enc(articleNumber)}/0`,
      { Price: { Price: price } },
      'article',
      true,
    );
  } catch (error) {
    if (!isAccountingError(error) || error.kind !== 'not_found') throw error;
    await send<{ Price: FxPrice }>(
      ctx,
      'POST',
      'prices',
      { Price: { ArticleNumber: articleNumber, PriceList: list, FromQuantity: 0, Price: price } },
      'article',
      false,
    );
  }
};
/** The article as Fortnox has it after the price was written, when the caller gave one. */
export const withSalesPrice = async (
  ctx: FortnoxContext,
  article: AccArticle,
  priceOre: number | null | undefined,
): Promise<AccArticle> => {
  if (priceOre === undefined || priceOre === null || article.salesPriceOre === priceOre) return article;
  await setSalesPrice(ctx, article.number, priceOre);
  return { ...(await getArticle(ctx, article.number)), externalRef: article.externalRef };
};

/**
 * What an article list item does not carry (CONTRACT.md rule L1): no Type, Active, StockGoods,
 * Expired, supplier and manufacturer, accounts, stock warning, measures or note.
 */
export const ARTICLE_LIST_OMITS: SummaryOmits<AccArticle> = [
  'type',
  'active',
  'discontinued',
  'stockItem',
  'manufacturer',
  'manufacturerArticleNumber',
  'supplierNumber',
  'orderPointHundredths',
  'salesAccountSe',
  'salesAccountEu',
  'salesAccountExport',
  'purchaseAccount',
  'widthMm',
  'heightMm',
  'depthMm',
  'weightGrams',
  'notes',
];

/** Articles: our reference is the article number (numbers.ts); the price goes to the price list. */
export function articlesOf(ctx: FortnoxContext): AccountingProvider['articles'] {
  return {
    summaryOmits: ARTICLE_LIST_OMITS,
    list: (query) => list<FxArticle, AccArticle>(ctx, 'articles', 'Articles', query, articleFromFx),
    get: (number) => getArticle(ctx, number),
    create: (fields, { externalRef }) => {
      const number = fields.number ?? articleNumberFor(externalRef);
      const withRef = (article: AccArticle): AccArticle => ({ ...article, externalRef });
      const created = idempotent(
        ctx,
        async () => {
          const existing = await missingAsNull(() => getArticle(ctx, number));
          if (!existing) return null;
          // A given number that is taken by another article is a conflict, not our lost create.
          if (fields.number && existing.description !== fields.description) {
            throw new AccountingError('conflict', 'accounting.articleNumberInUse', undefined, { provider: 'fortnox' });
          }
          return withRef(existing);
        },
        async () =>
          withRef(
            articleFromFx(
              (
                await send<{ Article: FxArticle }>(
                  ctx,
                  'POST',
                  'articles',
                  { Article: articleToFx({ ...fields, number }) },
                  'article',
                  false,
                )
              ).Article,
            ),
          ),
      );
      return created.then((article) => withSalesPrice(ctx, article, fields.salesPriceOre));
    },
    update: async (number, fields) =>
      withSalesPrice(
        ctx,
        articleFromFx(
          (
            await send<{ Article: FxArticle }>(
              ctx,
              'PUT',
              `articles/${enc(number)}`,
              { Article: articleToFx(fields) },
              'article',
              true,
            )
          ).Article,
        ),
        fields.salesPriceOre,
      ),
  };
}
