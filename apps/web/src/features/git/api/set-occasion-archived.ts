import type { GitInvoiceOccasionDetail } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gitKey } from './git-key';

/**
 * PUT git/invoice-occasions/:id/archive | unarchive (the portal hides it; GIT is not changed).
 * Silent: the confirm dialog shows a refusal in place.
 */
export async function setOccasionArchived(id: string, archived: boolean): Promise<GitInvoiceOccasionDetail> {
  return await api.put<GitInvoiceOccasionDetail>(`git/invoice-occasions/${id}/${archived ? 'archive' : 'unarchive'}`, undefined, {
    silent: true,
  });
}

/** Archives or unarchives several occasions one after the other; answers how many were changed. */
export function useSetOccasionsArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, archived }: { ids: readonly string[]; archived: boolean }) => {
      for (const id of ids) await setOccasionArchived(id, archived);
      return ids.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gitKey }),
  });
}
