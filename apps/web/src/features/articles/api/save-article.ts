import type { Article, CreateArticleInput, UpdateArticleInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articlesKey } from './list-articles';

/**
 * POST articles and PUT articles/{id}: written to the accounting program first, then to the
 * portal's copy. Silent: the form puts field errors on its inputs and the program's refusal in
 * its alert.
 */
export async function createArticle(body: CreateArticleInput): Promise<Article> {
  return await api.post<Article>('articles', body, { silent: true });
}

export async function updateArticle(id: string, body: UpdateArticleInput): Promise<Article> {
  return await api.put<Article>(`articles/${encodeURIComponent(id)}`, body, { silent: true });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateArticleInput | UpdateArticleInput }) => {
      if (id) return updateArticle(id, body);
      return createArticle(body as CreateArticleInput);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData([...articlesKey, 'one', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...articlesKey, 'list'] });
    },
  });
}
