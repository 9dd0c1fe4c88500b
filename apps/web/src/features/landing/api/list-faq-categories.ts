import type { FaqCategory, Lang } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET faq_categories: the categories in order, with their number of questions. */
export async function listFaqCategories(): Promise<FaqCategory[]> {
  return await api.get<FaqCategory[]>('faq_categories', { silent: true });
}

export const faqCategoriesQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: ['landing', 'faq-categories', lang], queryFn: listFaqCategories, staleTime: 5 * 60_000 });

export function useFaqCategories(lang: Lang) {
  return useQuery(faqCategoriesQueryOptions(lang));
}
