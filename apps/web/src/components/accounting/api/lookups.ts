import type { ArticleOption, CustomerOption } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET customers/search: the contract form's customer lookup (by name or number). */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerOption[]> {
  return await api.get<CustomerOption[]>('customers/search', { query: { q }, signal, silent: true });
}

/** GET articles/search: the rows' article lookup (active articles by number, description or EAN). */
export async function searchArticles(q: string, signal?: AbortSignal): Promise<ArticleOption[]> {
  return await api.get<ArticleOption[]>('articles/search', { query: { q }, signal, silent: true });
}

export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'search', q],
    queryFn: ({ signal }) => searchCustomers(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useArticleSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['articles', 'search', q],
    queryFn: ({ signal }) => searchArticles(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
