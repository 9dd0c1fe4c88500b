import type { MemberBilling, MemberBillingInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKey } from './members-key';

/** PUT member_billing/{id}. Silent: the form puts field errors on its inputs. */
export function useSaveMemberBilling(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MemberBillingInput) =>
      await api.put<MemberBilling>(`member_billing/${encodeURIComponent(id)}`, body, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...membersKey, 'billing', id], saved);
      return queryClient.invalidateQueries({ queryKey: [...membersKey, 'one', id] });
    },
  });
}
