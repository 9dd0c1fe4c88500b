import type { MemberDetail } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** GET members/{id}. Silent: the detail page sends an unknown id to the 404 page itself. */
export async function getMember(id: string, signal?: AbortSignal): Promise<MemberDetail> {
  return await api.get<MemberDetail>(`members/${encodeURIComponent(id)}`, { silent: true, signal });
}

export function useMember(id: string | undefined) {
  return useQuery({
    queryKey: [...membersKey, 'one', id],
    queryFn: ({ signal }) => getMember(id as string, signal),
    enabled: id !== undefined,
    retry: false,
  });
}
