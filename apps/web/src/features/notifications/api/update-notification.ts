import type { Notification, UpdateNotificationBody } from '@fairway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** PUT notifications/{id}: read/unread, archived/unarchived. */
export async function updateNotification(id: string, body: UpdateNotificationBody): Promise<Notification> {
  return await api.put<Notification>(`notifications/${encodeURIComponent(id)}`, body);
}

export function useUpdateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateNotificationBody & { id: string }) => updateNotification(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
