import type { MemberDetail, MemberListRow } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { supportKey } from './support-key';

/** How many members one search offers in the ticket form. */
const OPTIONS = 20;

/** GET members?search=: the member list's own search (names, golf ID, member number), by name. */
export async function searchMembers(search: string, signal?: AbortSignal): Promise<MemberListRow[]> {
  const page = await api.list<MemberListRow>('members', {
    query: { search: search || undefined, pageSize: OPTIONS, sort: 'name', order: 'asc' },
    signal,
  });
  return page.data;
}

export function useMemberSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...supportKey, 'member-search', search],
    queryFn: ({ signal }) => searchMembers(search, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET members/{id}: the member a ticket is opened about from the member's page (silent: a stale link just picks nobody). */
export async function getMember(id: string, signal?: AbortSignal): Promise<MemberDetail> {
  return await api.get<MemberDetail>(`members/${encodeURIComponent(id)}`, { silent: true, signal });
}

export function useMemberById(id: string | null) {
  return useQuery({
    queryKey: [...supportKey, 'member', id],
    queryFn: ({ signal }) => getMember(id as string, signal),
    enabled: id !== null,
    retry: false,
  });
}
