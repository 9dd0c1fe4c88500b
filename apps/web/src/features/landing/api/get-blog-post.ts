import type { BlogPost, Lang } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** GET blog/{id}: one published post with its text; a 404 (or a malformed id) means no such post. */
export async function getBlogPost(id: string): Promise<BlogPost> {
  return await api.get<BlogPost>(`blog/${encodeURIComponent(id)}`, { silent: true });
}

/** True when the answer says the post does not exist (unknown id, or not an id at all). */
export function isMissingPost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export const blogPostQueryOptions = (lang: Lang, id: string) =>
  queryOptions({
    queryKey: ['landing', 'blog-post', lang, id],
    queryFn: () => getBlogPost(id),
    staleTime: 60_000,
    // A missing post stays missing; other failures are worth one more try.
    retry: (count, error) => !isMissingPost(error) && count < 1,
  });

export function useBlogPost(lang: Lang, id: string) {
  return useQuery(blogPostQueryOptions(lang, id));
}
