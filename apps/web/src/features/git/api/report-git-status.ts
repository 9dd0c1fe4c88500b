import type { GitTransaction } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gitKey } from './git-key';
import type { ReportStatusBody } from './sync-types';

/**
 * POST git/report-status: tells GIT which invoices the accounting program has seen paid or
 * credited; without ids, every eligible one. Answers the queued run (a double click joins it).
 * Silent: the confirm dialog shows a refusal in place (a missing setting with a link to it).
 */
export async function reportGitStatus(body: ReportStatusBody): Promise<GitTransaction> {
  return await api.post<GitTransaction>('git/report-status', body, { silent: true });
}

export function useReportGitStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportGitStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...gitKey, 'transactions'] }),
  });
}
