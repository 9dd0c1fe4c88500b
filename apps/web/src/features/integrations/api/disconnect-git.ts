import type { GitConnectionInfo } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE git/connection: the key is forgotten; the portal's copy of GIT stays readable. */
export async function disconnectGit(): Promise<GitConnectionInfo> {
  return await api.delete<GitConnectionInfo>('git/connection');
}

export function useDisconnectGit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGit,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['integrations'] }),
        queryClient.invalidateQueries({ queryKey: ['git'] }),
      ]);
    },
  });
}
