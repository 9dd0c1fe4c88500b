import type { MemberListRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** GET members: one page, searched, filtered and sorted by the server. */
export async function listMembers(query: Record<string, string | number | undefined>, signal?: AbortSignal) {
  return await api.list<MemberListRow>('members', { query, signal });
}

export function useMembers(query: Record<string, string | number | undefined>) {
  return useQuery<ApiPage<MemberListRow>>({
    queryKey: [...membersKey, 'list', query],
    queryFn: ({ signal }) => listMembers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
