import type { GitInvoiceOccasionRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { type GitListQuery, gitKey } from './git-key';

/** GET git/invoice-occasions: one page of invoice occasions, archived or not. */
export async function listGitOccasions(query: GitListQuery, signal?: AbortSignal): Promise<ApiPage<GitInvoiceOccasionRow>> {
  return await api.list<GitInvoiceOccasionRow>('git/invoice-occasions', { query, signal });
}

export function useGitOccasions(query: GitListQuery) {
  return useQuery({
    queryKey: [...gitKey, 'occasions', query],
    queryFn: ({ signal }) => listGitOccasions(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
