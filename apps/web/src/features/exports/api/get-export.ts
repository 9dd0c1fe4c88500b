import type { ExportLogEntry } from '@fairway/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportsKey } from './list-export-log';

/** GET exports/{id}: one export of the log. */
export async function getExport(id: string, signal?: AbortSignal): Promise<ExportLogEntry> {
  return await api.get<ExportLogEntry>(`exports/${encodeURIComponent(id)}`, { signal });
}

/** Follows a queued export every 2 s until its file is made (or it failed). */
export function useFollowExport(id: string | null) {
  return useQuery({
    queryKey: [...exportsKey, 'one', id],
    queryFn: ({ signal }) => getExport(id as string, signal),
    enabled: id !== null,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : 2000;
    },
    staleTime: 0,
  });
}
