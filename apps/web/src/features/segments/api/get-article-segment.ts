import type { ArticleSegment } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleSegmentsKey } from './list-article-segments';

/** GET segments/articles/{id}. Silent: the edit page sends an unknown id to the 404 page itself. */
export async function getArticleSegment(id: string): Promise<ArticleSegment> {
  return await api.get<ArticleSegment>(`segments/articles/${encodeURIComponent(id)}`, { silent: true });
}

export function useArticleSegment(id: string | undefined) {
  return useQuery({
    queryKey: [...articleSegmentsKey, 'one', id],
    queryFn: () => getArticleSegment(id as string),
    enabled: id !== undefined,
    retry: false,
  });
}
