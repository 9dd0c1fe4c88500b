import type { GitConnectionInfo } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gitKey } from './git-key';

export const gitConnectionKey = [...gitKey, 'connection'] as const;

/** GET git/connection: the club account's GIT link (status, club, since when). */
export async function getGitConnection(signal?: AbortSignal): Promise<GitConnectionInfo> {
  return await api.get<GitConnectionInfo>('git/connection', { signal, silent: true });
}

export function useGitConnection() {
  return useQuery({ queryKey: gitConnectionKey, queryFn: ({ signal }) => getGitConnection(signal), staleTime: 30_000 });
}
