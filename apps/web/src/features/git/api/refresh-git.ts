import type { GitTransaction } from '@fairway/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST git/refresh: refresh the portal's copy of GIT now; answers the queued run. */
export async function refreshGit(): Promise<GitTransaction> {
  return await api.post<GitTransaction>('git/refresh');
}

export function useRefreshGit() {
  return useMutation({ mutationFn: refreshGit });
}
