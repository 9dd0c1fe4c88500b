import type { Article } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articlesKey } from './list-articles';

/**
 * GET articles/{id}: read from the accounting program (stock moves there), or the portal's copy
 * marked stale when the program does not answer. Silent: the edit page sends an unknown id to
 * the 404 page itself.
 */
export async function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return await api.get<Article>(`articles/${encodeURIComponent(id)}`, { silent: true, signal });
}

export function useArticle(id: string | undefined) {
  return useQuery({
    queryKey: [...articlesKey, 'one', id],
    queryFn: ({ signal }) => getArticle(id as string, signal),
    enabled: id !== undefined,
    retry: false,
    staleTime: 0,
  });
}
