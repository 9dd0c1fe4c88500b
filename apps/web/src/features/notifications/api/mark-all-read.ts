import type { MarkAllReadResult } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** PUT notifications/read-all. */
export async function markAllNotificationsRead(): Promise<MarkAllReadResult> {
  return await api.put<MarkAllReadResult>('notifications/read-all', {});
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
