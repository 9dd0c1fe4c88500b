import type { Family, FamilyBody, FamilyMemberBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** The family tree tab: create a family, add a member with a role, take one out. Silent: the tab shows the refusal. */
export function useFamilyMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersKey });
  const create = useMutation({
    mutationFn: async (body: FamilyBody) => await api.post<Family>('family', body, { silent: true }),
    onSuccess: refresh,
  });
  const addMember = useMutation({
    mutationFn: async ({ familyId, body }: { familyId: string; body: FamilyMemberBody }) =>
      await api.post<Family>(`family/${encodeURIComponent(familyId)}/members`, body, { silent: true }),
    onSuccess: refresh,
  });
  const removeMember = useMutation({
    mutationFn: async ({ familyId, memberId }: { familyId: string; memberId: string }) =>
      await api.delete<Family>(`family/${encodeURIComponent(familyId)}/members/${encodeURIComponent(memberId)}`, {
        silent: true,
      }),
    onSuccess: refresh,
  });
  return { create, addMember, removeMember };
}
