import type { BlogPostSummary, Lang } from '@fairway/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

export interface BlogListParams {
  page: number;
  pageSize: number;
  /** A category's slug. */
  category?: string;
}

/** GET blog: published posts, newest first, a page at a time, optionally of one category. */
export async function listBlogPosts(params: BlogListParams): Promise<ApiPage<BlogPostSummary>> {
  return await api.list<BlogPostSummary>('blog', {
    query: { page: params.page, pageSize: params.pageSize, category: params.category },
    silent: true,
  });
}

export const blogPostsQueryOptions = (lang: Lang, params: BlogListParams) =>
  queryOptions({
    queryKey: ['landing', 'blog-posts', lang, params],
    queryFn: () => listBlogPosts(params),
    staleTime: 60_000,
    // The list keeps its place while the next page loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });

export function useBlogPosts(lang: Lang, params: BlogListParams) {
  return useQuery(blogPostsQueryOptions(lang, params));
}
