import type { HelpTexts } from '@fairway/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';

/**
 * GET helptexts: the dashboard's contextual help, key → text in the request's language. Shared
 * (every feature shows hints through `HelpHint`), so it lives with the component, not in a feature.
 * A failure only means no hints: silent.
 */
export async function getHelpTexts(signal?: AbortSignal): Promise<HelpTexts> {
  return await api.get<HelpTexts>('helptexts', { signal, silent: true });
}

export const helpTextsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['help', 'texts', lang],
    queryFn: ({ signal }) => getHelpTexts(signal),
    // Edited rarely, by platform admins: one read per language and session is plenty.
    staleTime: 60 * 60_000,
    gcTime: 2 * 60 * 60_000,
    retry: 1,
  });

/** The help text for `key` in the current language; undefined while loading, on failure or when there is none. */
export function useHelpText(key: string): string | undefined {
  const { i18n } = useTranslation();
  const { data } = useQuery(helpTextsQueryOptions(i18n.language));
  const text = data?.[key]?.trim();
  return text ? text : undefined;
}
