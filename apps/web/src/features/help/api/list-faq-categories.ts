import type { FaqCategory } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';

/** GET faq_categories: the categories in order, with their number of questions. */
export async function listFaqCategories(signal?: AbortSignal): Promise<FaqCategory[]> {
  return await api.get<FaqCategory[]>('faq_categories', { signal, silent: true });
}

export function useFaqCategories() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['help', 'faqCategories', i18n.language],
    queryFn: ({ signal }) => listFaqCategories(signal),
  });
}
