import type { CreateMemberInput, MemberDetail, UpdateMemberInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** POST members and PUT members/{id} (only the fields sent change). Silent: the form shows the refusal. */
export async function saveMember(id: string | undefined, body: CreateMemberInput | UpdateMemberInput): Promise<MemberDetail> {
  if (id) return await api.put<MemberDetail>(`members/${encodeURIComponent(id)}`, body, { silent: true });
  return await api.post<MemberDetail>('members', body, { silent: true });
}

export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateMemberInput | UpdateMemberInput }) => saveMember(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([...membersKey, 'one', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...membersKey, 'list'] });
    },
  });
}
