import type { FaqEntry } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';

/** The answer is in the request's language, so the language is part of every help query key. */
export const faqKey = ['help', 'faq'] as const;

/** GET faq (optionally `search`): every published question, in category order. The page shows a failure itself (silent). */
export async function listFaq(search: string, signal?: AbortSignal): Promise<FaqEntry[]> {
  return await api.get<FaqEntry[]>('faq', { query: { search: search || undefined }, signal, silent: true });
}

export function useFaq(search: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...faqKey, i18n.language, search],
    queryFn: ({ signal }) => listFaq(search, signal),
    // The previous answers stay while the next search runs, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}
