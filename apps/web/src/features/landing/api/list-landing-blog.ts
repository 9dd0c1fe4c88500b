import type { BlogPostSummary, Lang } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/blog: the latest published posts for the landing page. */
export async function listLandingBlog(limit: number): Promise<BlogPostSummary[]> {
  return await api.get<BlogPostSummary[]>('landing_page/blog', { query: { limit }, silent: true });
}

export const landingBlogQueryOptions = (lang: Lang, limit = 3) =>
  queryOptions({
    queryKey: ['landing', 'blog', lang, limit],
    queryFn: () => listLandingBlog(limit),
    staleTime: 5 * 60_000,
  });

export function useLandingBlog(lang: Lang, limit = 3) {
  return useQuery(landingBlogQueryOptions(lang, limit));
}
