import { encodeMessage, type GitArticleMapping, type GitArticleMappingsBody, type GitMissingArticle } from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../../lib/errors';
import { isAccountingError } from '../../../providers/accounting/errors';
import type { AccountingCaller } from '../../accounting/access';
import { accountingDeps } from '../../accounting/deps';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { findArticleByNumber } from '../../articles/articles.repository';
import { createArticle } from '../../articles/articles.service';
import { logEventQuietly } from '../../eventlogs/eventlogs.service';
import type { ClubAccountReach } from '../../organizations/tenant';
import type { GitDeps } from '../git.deps';
import * as repo from './git-sync.repository';
import { exVat } from './git-sync-documents';
import type { BasisRow } from './git-sync-mirror.repository';
import * as mirror from './git-sync-mirror.repository';
import { basisInvoiceRequestId } from './git-sync-ref';
import { resolveTarget } from './git-sync-selection';

// Which accounting article each GIT article is invoiced as, and the GIT articles a sync still lacks.

export function gitArticlesByCode(deps: Pick<GitDeps, 'db'>, gitTarget: MirrorTarget) {
  return mirror.gitArticlesByCode(deps.db, gitTarget);
}

export function missingArticlesOf(
  bases: BasisRow[],
  mappings: Map<string, string>,
  articles: Map<string, mirror.ArticleRow>,
): GitMissingArticle[] {
  const missing = new Map<string, GitMissingArticle>();
  for (const basis of bases) {
    for (const row of basis.rows) {
      if (mappings.has(row.articleCode) || missing.has(row.articleCode)) continue;
      const article = articles.get(row.articleCode);
      missing.set(row.articleCode, {
        code: row.articleCode,
        name: article?.name ?? row.description,
        amountOre: article?.amountOre ?? row.amountOre,
        vatRate: article?.vatRate ?? row.vatRate,
        account: article?.account ?? '',
      });
    }
  }
  return [...missing.values()].sort((a, b) => a.code.localeCompare(b.code, 'sv'));
}

// ---- article mappings ------------------------------------------------------------------------------

export async function listArticleMappings(
  app: Pick<GitDeps, 'db'>,
  gitTarget: MirrorTarget,
  requested: string | null | undefined,
  caller: ClubAccountReach,
): Promise<GitArticleMapping[]> {
  const target = await resolveTarget(app, gitTarget, requested, caller);
  const mappings = await repo.mappingsOf(app.db, target);
  const articles = [...(await gitArticlesByCode(app, gitTarget)).values()].sort((a, b) => a.code.localeCompare(b.code, 'sv'));
  return articles.map((a) => ({
    gitArticleCode: a.code,
    gitArticleName: a.name,
    amountOre: a.amountOre,
    vatRate: a.vatRate,
    articleNumber: mappings.get(a.code) ?? null,
  }));
}

/**
 * Maps GIT articles to accounting articles: an existing one (it must be in the target's article
 * mirror) or a new one created in the program from the GIT article. Checked whole before anything
 * is written or created; the mappings are saved together at the end.
 */
export async function saveArticleMappings(
  app: FastifyInstance,
  caller: AccountingCaller & ClubAccountReach,
  gitTarget: MirrorTarget,
  body: GitArticleMappingsBody,
): Promise<GitArticleMapping[]> {
  const target = await resolveTarget(app, gitTarget, body.targetClubAccountId, caller);
  const articles = await gitArticlesByCode(app, gitTarget);
  const errors: Record<string, string[]> = {};
  for (const [i, m] of body.mappings.entries()) {
    if (!articles.has(m.gitArticleCode)) {
      errors[`mappings.${i}.gitArticleCode`] = [encodeMessage('git_sync_git_article_unknown', { code: m.gitArticleCode })];
    } else if ('articleNumber' in m && !(await findArticleByNumber(app.db, target, m.articleNumber))) {
      errors[`mappings.${i}.articleNumber`] = [encodeMessage('git_sync_article_unknown', { number: m.articleNumber })];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const targetCaller: AccountingCaller = { ...caller, clubAccountId: target.clubAccountId };
  const saved: { code: string; number: string }[] = [];
  for (const m of body.mappings) {
    if ('articleNumber' in m) {
      saved.push({ code: m.gitArticleCode, number: m.articleNumber });
      continue;
    }
    const git = articles.get(m.gitArticleCode);
    if (!git) continue;
    const vat = [25, 12, 6, 0].includes(git.vatRate) ? git.vatRate : 25;
    const fields = {
      requestId: basisInvoiceRequestId(gitTarget.clubAccountId, target.clubAccountId, `article:${git.code}`),
      description: git.name.slice(0, 50),
      type: 'SERVICE',
      unit: null,
      active: true,
      discontinued: false,
      ean: null,
      manufacturer: null,
      manufacturerArticleNumber: null,
      supplierNumber: null,
      stockItem: false,
      stockPlace: null,
      stockQuantityHundredths: null,
      orderPointHundredths: null,
      salesAccountSe: /^\d{4}$/.test(git.account) ? git.account : null,
      salesAccountEu: null,
      salesAccountExport: null,
      purchaseAccount: null,
      vatPercent: vat,
      salesPriceOre: exVat(git.amountOre, vat),
      purchasePriceOre: null,
      widthMm: null,
      heightMm: null,
      depthMm: null,
      weightGrams: null,
      notes: null,
    } as Parameters<typeof createArticle>[2];
    const created = await createArticle(accountingDeps(app), targetCaller, fields).catch((error: unknown) => {
      // GIT's account may not be in the program's chart: the article then books to the
      // program's default sales account (the account can be changed on the article).
      if (isAccountingError(error) && error.kind === 'validation' && fields.salesAccountSe) {
        return createArticle(accountingDeps(app), targetCaller, { ...fields, salesAccountSe: null });
      }
      throw error;
    });
    saved.push({ code: m.gitArticleCode, number: created.number });
  }
  await repo.saveMappings(app.db, target, saved);
  for (const s of saved) {
    await logEventQuietly(app.db, app.log, {
      ...gitTarget,
      resource: 'git',
      activity: 'gitSync.event.mapped',
      params: { code: s.code, number: s.number },
      type: 'INFO',
    });
  }
  return listArticleMappings(app, gitTarget, target.clubAccountId, caller);
}
