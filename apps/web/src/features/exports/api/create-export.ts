import type { ExportLogEntry, ExportRequestInput } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { exportsKey } from './list-export-log';

/**
 * POST exports: a small export answers the finished log row, a large one the queued row (its
 * file is made by a job). Silent: the form shows field messages and other refusals itself.
 */
export async function createExport(body: ExportRequestInput): Promise<ExportLogEntry> {
  return await api.post<ExportLogEntry>('exports', body, { silent: true });
}

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    onSuccess: () => client.invalidateQueries({ queryKey: exportsKey }),
  });
}
