import type { ExportLogEntry } from '@fairway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiPage, api } from '../../../lib/api-client';

/** Every cached export query; invalidated after an export. */
export const exportsKey = ['exports'] as const;

export interface ExportLogQuery {
  page: number;
  pageSize: number;
}

/** GET exports/log: the club account's exports, newest first. */
export async function listExportLog(query: ExportLogQuery, signal?: AbortSignal): Promise<ApiPage<ExportLogEntry>> {
  return await api.list<ExportLogEntry>('exports/log', { query: { ...query }, signal });
}

const inProgress = (page: ApiPage<ExportLogEntry> | undefined) =>
  page?.data.some((entry) => entry.status === 'queued' || entry.status === 'running') ?? false;

/** The log page; asked again every 2 s while an export on it is still being made. */
export function useExportLog(query: ExportLogQuery) {
  return useQuery({
    queryKey: [...exportsKey, 'log', query],
    queryFn: ({ signal }) => listExportLog(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (inProgress(q.state.data) ? 2000 : false),
    staleTime: 5_000,
  });
}
