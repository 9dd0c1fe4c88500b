import type { FaqEntry, Lang } from '@fairway/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET faq: every published question by category; `search` matches questions and answers. */
export async function listFaq(search: string): Promise<FaqEntry[]> {
  const query = search ? { search } : undefined;
  return await api.get<FaqEntry[]>('faq', { query, silent: true });
}

export const faqQueryOptions = (lang: Lang, search: string) =>
  queryOptions({
    queryKey: ['landing', 'faq-entries', lang, search],
    queryFn: () => listFaq(search),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useFaq(lang: Lang, search: string) {
  return useQuery(faqQueryOptions(lang, search));
}
