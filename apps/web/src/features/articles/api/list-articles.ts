import type { ArticleRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { ArticlesQuery } from '../lib/list-config';

/** Every cached articles list, page and article; invalidate after any change. */
export const articlesKey = ['articles'] as const;

/** GET articles: one page from the portal's copy, searched, sorted and filtered by the server. */
export async function listArticles(query: ArticlesQuery, signal?: AbortSignal): Promise<ApiPage<ArticleRow>> {
  return await api.list<ArticleRow>('articles', { query: { ...query }, signal });
}

export function useArticles(query: ArticlesQuery) {
  return useQuery({
    queryKey: [...articlesKey, 'list', query],
    queryFn: ({ signal }) => listArticles(query, signal),
    // The table keeps the previous page while the next one loads, so paging does not flash empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
