import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** DELETE notifications/{id}. */
export async function deleteNotification(id: string): Promise<void> {
  await api.delete<unknown>(`notifications/${encodeURIComponent(id)}`);
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteNotification(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
