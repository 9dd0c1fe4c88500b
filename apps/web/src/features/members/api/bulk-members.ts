import type { MemberBulkActionBody, MemberBulkResult } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/**
 * POST members/bulk: one action on the selected members, all or nothing. Silent: the list shows a
 * refusal where the user is (the confirm dialog, or a toast for the actions without one).
 */
export function useBulkMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MemberBulkActionBody) => await api.post<MemberBulkResult>('members/bulk', body, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
