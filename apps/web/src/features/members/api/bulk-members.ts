import type { MemberBulkActionBody, MemberBulkResult } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** POST members/bulk: one action on the selected members, all or nothing. */
export function useBulkMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MemberBulkActionBody) => await api.post<MemberBulkResult>('members/bulk', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
