import type { ArticleSegment, ArticleSegmentBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleSegmentsKey } from './list-article-segments';

/** POST segments/articles. Silent: the form shows field errors on its inputs. */
export async function createArticleSegment(body: ArticleSegmentBody): Promise<ArticleSegment> {
  return await api.post<ArticleSegment>('segments/articles', body, { silent: true });
}

export function useCreateArticleSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticleSegment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleSegmentsKey }),
  });
}
