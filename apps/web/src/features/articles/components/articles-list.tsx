import type { ArticleRow, ArticleSort } from '@fairway/shared';
import { IconBox } from '@tabler/icons-react';
import { AccountingList, type AccountingListDef } from '../../../components/list/accounting-list';
import { articlesKey, useArticles } from '../api/list-articles';
import { ARTICLES_LIST } from '../lib/list-config';
import { ARTICLE_PATHS } from '../lib/paths';
import { ArticlesTable } from './articles-table';

const ARTICLES: AccountingListDef<ArticleRow, ArticleSort, typeof ARTICLES_LIST.filters> = {
  ns: 'articles',
  config: ARTICLES_LIST,
  useList: useArticles,
  invalidate: [articlesKey],
  filterNames: ['status', 'type', 'stockItem'],
  filterWidth: 160,
  writeScope: 'articles.write',
  createPath: ARTICLE_PATHS.create,
  exportPath: 'articles/export',
  emptyIcon: IconBox,
  table: ArticlesTable,
};

/** The "Articles" tab: search, status/type/stock filters, export, refresh, the table and its pager. */
export function ArticlesList() {
  return <AccountingList def={ARTICLES} />;
}
