import type { GitMemberRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { type GitListQuery, gitKey } from './git-key';

/** GET git/list_members/: one page of the members in the portal's copy of GIT. */
export async function listGitMembers(query: GitListQuery, signal?: AbortSignal): Promise<ApiPage<GitMemberRow>> {
  return await api.list<GitMemberRow>('git/list_members/', { query, signal });
}

export function useGitMembers(query: GitListQuery) {
  return useQuery({
    queryKey: [...gitKey, 'members', query],
    queryFn: ({ signal }) => listGitMembers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
