import type { GitConnectionInfo } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The GIT pages read the same entry (their own call, same key), so a connect here shows there. */
export const gitConnectionQueryKey = ['git', 'connection'] as const;

/** GET git/connection: the club account's GIT link (status, club, since when, revoked when). */
export async function getGitConnection(signal?: AbortSignal): Promise<GitConnectionInfo> {
  return await api.get<GitConnectionInfo>('git/connection', { signal, silent: true });
}

export function useGitConnectionInfo(enabled: boolean) {
  return useQuery({ queryKey: gitConnectionQueryKey, queryFn: ({ signal }) => getGitConnection(signal), enabled });
}
