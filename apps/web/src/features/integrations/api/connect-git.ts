import type { GitConnectBody, GitConnectionInfo } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * PUT git/connection: the club id and key are tried against GIT before anything is stored; a
 * refused key answers GIT's reason. Silent: the form shows the refusal beside the fields.
 */
export async function connectGit(body: GitConnectBody): Promise<GitConnectionInfo> {
  return await api.put<GitConnectionInfo>('git/connection', body, { silent: true });
}

export function useConnectGit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectGit,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['integrations'] }),
        queryClient.invalidateQueries({ queryKey: ['git'] }),
      ]);
    },
  });
}
