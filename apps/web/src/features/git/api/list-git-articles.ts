import type { GitArticleRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { type GitListQuery, gitKey } from './git-key';

/** GET git/articles: one page of GIT's articles (fees). */
export async function listGitArticles(query: GitListQuery, signal?: AbortSignal): Promise<ApiPage<GitArticleRow>> {
  return await api.list<GitArticleRow>('git/articles', { query, signal });
}

export function useGitArticles(query: GitListQuery) {
  return useQuery({
    queryKey: [...gitKey, 'articles', query],
    queryFn: ({ signal }) => listGitArticles(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
