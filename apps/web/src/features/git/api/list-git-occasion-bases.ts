import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { type GitListQuery, gitKey } from './git-key';
import type { GitBasisWithSync } from './sync-types';

/** GET git/invoice-occasions/:id/invoice-bases: one page of an occasion's bases (GIT status and sync state filters). */
export async function listGitOccasionBases(
  occasionId: string,
  query: GitListQuery,
  signal?: AbortSignal,
): Promise<ApiPage<GitBasisWithSync>> {
  return await api.list<GitBasisWithSync>(`git/invoice-occasions/${occasionId}/invoice-bases`, { query, signal });
}

export function useGitOccasionBases(occasionId: string, query: GitListQuery) {
  return useQuery({
    queryKey: [...gitKey, 'occasion', occasionId, 'bases', query],
    queryFn: ({ signal }) => listGitOccasionBases(occasionId, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
