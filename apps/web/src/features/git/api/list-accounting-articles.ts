import type { ArticleRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET articles: the accounting program's articles (the portal's copy), searched by the server;
 * the choices when a GIT article is mapped to an existing accounting article.
 */
export async function searchAccountingArticles(search: string, signal?: AbortSignal): Promise<ArticleRow[]> {
  const page = await api.list<ArticleRow>('articles', {
    query: { page: 1, pageSize: 50, sort: 'number', order: 'asc', search: search.trim() || undefined, status: 'active' },
    signal,
    silent: true,
  });
  return page.data;
}

export function useAccountingArticleSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['articles', 'git-mapping', search.trim()],
    queryFn: ({ signal }) => searchAccountingArticles(search, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
