import type { GitInvoiceBasisRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { type GitListQuery, gitKey } from './git-key';

export type SettledKind = 'paid' | 'credited';

/** GET git/paid-invoices | git/credited-invoices: settled bases across the occasions, newest first. */
export async function listGitSettledInvoices(
  kind: SettledKind,
  query: GitListQuery,
  signal?: AbortSignal,
): Promise<ApiPage<GitInvoiceBasisRow>> {
  return await api.list<GitInvoiceBasisRow>(`git/${kind}-invoices`, { query, signal });
}

export function useGitSettledInvoices(kind: SettledKind, query: GitListQuery) {
  return useQuery({
    queryKey: [...gitKey, 'settled', kind, query],
    queryFn: ({ signal }) => listGitSettledInvoices(kind, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
