import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articleSegmentsKey } from './list-article-segments';

/** DELETE segments/articles/{id}. Refusals are shown by the global error handling. */
export async function deleteArticleSegment(id: string): Promise<void> {
  await api.delete<{ id: string }>(`segments/articles/${encodeURIComponent(id)}`);
}

export function useDeleteArticleSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticleSegment,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...articleSegmentsKey, 'one', id] });
      await queryClient.invalidateQueries({ queryKey: [...articleSegmentsKey, 'list'] });
    },
  });
}
