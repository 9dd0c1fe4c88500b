import type { MemberNote } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** POST members/{id}/notes and DELETE members/{id}/notes/{noteId}; the member is read again after. */
export function useMemberNotes(memberId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...membersKey, 'one', memberId] });
  const add = useMutation({
    mutationFn: async (text: string) =>
      await api.post<MemberNote>(`members/${encodeURIComponent(memberId)}/notes`, { text }, { silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (noteId: string) =>
      await api.delete(`members/${encodeURIComponent(memberId)}/notes/${encodeURIComponent(noteId)}`),
    onSuccess: refresh,
  });
  return { add, remove };
}
