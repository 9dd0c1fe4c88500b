import type { FaqEntry, Lang } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET landing_page/faq: the questions chosen for the landing page, in the reader's language. */
export async function listLandingFaq(): Promise<FaqEntry[]> {
  return await api.get<FaqEntry[]>('landing_page/faq', { silent: true });
}

// The server answers in the language the client sends, so the language is part of the key.
export const landingFaqQueryOptions = (lang: Lang) =>
  queryOptions({ queryKey: ['landing', 'faq', lang], queryFn: listLandingFaq, staleTime: 5 * 60_000 });

export function useLandingFaq(lang: Lang) {
  return useQuery(landingFaqQueryOptions(lang));
}
