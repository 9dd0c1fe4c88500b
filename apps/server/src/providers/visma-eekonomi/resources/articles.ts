import { createHash } from 'node:crypto';
import { AccountingError } from '../../accounting/errors';
import type { AccArticle, AccountingProvider, ArticleFields } from '../../accounting/provider';
import type { VismaPage } from '../client';
import { articleFromVisma, articleToVisma, type VismaArticle } from '../mapping';
import type { VismaContext } from './context';
import { createOnce, pageQuery, refused, toPage } from './shared';

/** The account coding (by type and VAT rate) and unit of an article. */
async function articleIds(
  ctx: VismaContext,
  fields: Pick<ArticleFields, 'type' | 'vatPercent' | 'unit'>,
): Promise<{ codingId: string; unitId: string }> {
  const r = await ctx.refs();
  const type = fields.type === 'STOCK' ? 'Goods' : 'Service';
  const coding =
    r.codings.find((c) => c.IsActive && c.Type === type && Math.round(c.VatRatePercent * 100) === fields.vatPercent) ??
    r.codings.find((c) => c.IsActive && Math.round(c.VatRatePercent * 100) === fields.vatPercent);
  if (!coding) throw refused('validation', 'accounting.visma.noAccountCoding', { type, vat: fields.vatPercent });
  const unitId = (await ctx.codeToId('unit', fields.unit ?? 'st')) as string;
  return { codingId: coding.Id, unitId };
}

/**
 * Articles, keyed by their number, which Visma requires unique: the portal's, or one derived
 * from our reference, so a retry finds the first. VAT comes from the article's account coding.
 */
export function articlesOf(ctx: VismaContext): AccountingProvider['articles'] {
  const { api, refs } = ctx;
  const articleMissing = () => new AccountingError('not_found', 'accounting.articleMissing', {}, { provider: 'visma_eekonomi' });

  return {
    summaryOmits: [],
    async list(query) {
      const [page, r] = await Promise.all([
        api.get<VismaPage<VismaArticle>>('/articles', { query: pageQuery(query, 'ChangedUtc') }),
        refs(),
      ]);
      return toPage(
        page,
        page.Data.map((a) => articleFromVisma(a, r)),
      );
    },
    async get(number) {
      const found = await ctx.articleByNumber(number);
      if (!found) throw articleMissing();
      return articleFromVisma(found, await refs());
    },
    async create(fields, { externalRef }) {
      // Visma requires a unique article number; one derived from the reference makes a retry find the first.
      const number = fields.number ?? `FW${createHash('sha256').update(externalRef).digest('hex').slice(0, 8).toUpperCase()}`;
      const ids = await articleIds(ctx, fields);
      const lookup = async (): Promise<AccArticle | null> => {
        const existing = await ctx.articleByNumber(number);
        if (!existing) return null;
        // The same number with other content is somebody else's article.
        if (existing.Name !== fields.description) throw refused('conflict', 'accounting.articleNumberInUse');
        return { ...articleFromVisma(existing, await refs()), externalRef };
      };
      return createOnce(lookup, async () => {
        const created = await api.request<VismaArticle>('POST', '/articles', {
          body: articleToVisma({ ...fields, number }, null, ids),
          conflictKey: 'accounting.articleNumberInUse',
        });
        return { ...articleFromVisma(created, await refs()), externalRef };
      });
    },
    async update(number, fields) {
      const current = await ctx.articleByNumber(number);
      if (!current) throw articleMissing();
      const merged: ArticleFields = { ...articleFromVisma(current, await refs()), ...fields };
      const updated = await api.request<VismaArticle>('PUT', `/articles/${current.Id}`, {
        body: articleToVisma({ ...merged, number: current.Number }, current, await articleIds(ctx, merged)),
        notFoundKey: 'accounting.articleMissing',
        conflictKey: 'accounting.articleNumberInUse',
      });
      return articleFromVisma(updated, await refs());
    },
  };
}
