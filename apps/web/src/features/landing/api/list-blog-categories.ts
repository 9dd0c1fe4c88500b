import type { BlogCategory, Lang } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET blog_categories: categories with their number of published posts. */
export async function listBlogCategories(): Promise<BlogCategory[]> {
  return await api.get<BlogCategory[]>('blog_categories', { silent: true });
}

export const blogCategoriesQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: ['landing', 'blog-categories', lang], queryFn: listBlogCategories, staleTime: 5 * 60_000 });

export function useBlogCategories(lang: Lang) {
  return useQuery(blogCategoriesQueryOptions(lang));
}
