import type { GitInvoiceOccasionDetail } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gitKey } from './git-key';

export const gitOccasionKey = (id: string) => [...gitKey, 'occasion', id] as const;

/** GET git/invoice-occasions/:id: the occasion with its bases counted per GIT status. */
export async function getGitOccasion(id: string, signal?: AbortSignal): Promise<GitInvoiceOccasionDetail> {
  // Silent: the page shows a missing occasion (404) itself.
  return await api.get<GitInvoiceOccasionDetail>(`git/invoice-occasions/${id}`, { signal, silent: true });
}

export function useGitOccasion(id: string) {
  return useQuery({
    queryKey: gitOccasionKey(id),
    queryFn: ({ signal }) => getGitOccasion(id, signal),
    retry: false,
  });
}
