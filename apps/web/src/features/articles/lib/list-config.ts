import { ARTICLE_SORTS } from '@fairway/shared';
import type { ListParamsConfig, ListQuery } from '../../../components/list/use-list-params';

const FILTERS = {
  status: ['all', 'active', 'inactive'],
  type: ['all', 'STOCK', 'SERVICE'],
  stockItem: ['all', 'yes', 'no'],
} as const;

/** The articles list's address parameters: the server's sorts and filters (GET articles). */
export const ARTICLES_LIST: ListParamsConfig<(typeof ARTICLE_SORTS)[number], typeof FILTERS> = {
  sorts: ARTICLE_SORTS,
  defaultSort: 'number',
  filters: FILTERS,
};

/** What the articles list asks GET articles (and the export) for. */
export type ArticlesQuery = ListQuery<(typeof ARTICLE_SORTS)[number], typeof FILTERS>;
