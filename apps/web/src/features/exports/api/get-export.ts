import type { ExportLogEntry } from '@fairway/shared';
import { useRunProgress } from '../../../components/use-run-progress';
import { api } from '../../../lib/api-client';
import { exportsKey } from './list-export-log';

/** GET exports/{id}: one export of the log. */
export async function getExport(id: string, signal?: AbortSignal): Promise<ExportLogEntry> {
  return await api.get<ExportLogEntry>(`exports/${encodeURIComponent(id)}`, { signal });
}

/** Follows a queued export (a run) every 2 s until its file is made (or it failed). */
export function useFollowExport(id: string | null) {
  return useRunProgress({
    queryKey: [...exportsKey, 'one', id],
    queryFn: id === null ? null : (signal) => getExport(id, signal),
    statusOf: (entry) => entry.status,
    intervalMs: 2000,
  });
}
