import type { ArticleSegmentListItem } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import type { SegmentsListParams } from '../lib/list-params';

/** Every cached page and segment of this kind; invalidate after any change. */
export const articleSegmentsKey = ['segments', 'articles'] as const;

/** GET segments/articles: one page, searched and sorted by the server. */
export async function listArticleSegments(params: SegmentsListParams): Promise<ApiPage<ArticleSegmentListItem>> {
  const search = params.search.trim();
  return await api.list<ArticleSegmentListItem>('segments/articles', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      order: params.order,
      search: search || undefined,
    },
  });
}

export function useArticleSegmentsList(params: SegmentsListParams) {
  return useQuery({
    queryKey: [...articleSegmentsKey, 'list', params],
    queryFn: () => listArticleSegments(params),
    // The table keeps the previous page while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });
}
