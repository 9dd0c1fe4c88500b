import type { ArticleSegment, ArticleSegmentBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleSegmentsKey } from './list-article-segments';

/** PUT segments/articles/{id}: the whole segment. Silent, like create. */
export async function updateArticleSegment(id: string, body: ArticleSegmentBody): Promise<ArticleSegment> {
  return await api.put<ArticleSegment>(`segments/articles/${encodeURIComponent(id)}`, body, { silent: true });
}

export function useUpdateArticleSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ArticleSegmentBody }) => updateArticleSegment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleSegmentsKey }),
  });
}
