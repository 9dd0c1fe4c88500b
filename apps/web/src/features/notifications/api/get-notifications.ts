import type { Notification, NotificationArchivedMode, NotificationFilter, NotificationsListResponse } from '@fairway/shared';
// Not the package index nor the schema file: the dashboard's header would load zod and every schema.
import { NOTIFICATION_POLL_MS } from '@fairway/shared/notifications/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiEnvelope, request } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/storage';

export const notificationsQueryKey = ['notifications'] as const;

export interface NotificationsParams {
  filter: NotificationFilter;
  archived: NotificationArchivedMode;
  page: number;
  pageSize: number;
}

/**
 * GET notifications. Silent: the bell asks in the background and shows a failure in its own
 * panel, so a hiccup never raises a toast every minute.
 */
export async function getNotifications(params: NotificationsParams, signal?: AbortSignal): Promise<NotificationsListResponse> {
  const result = (await request<Notification[]>('GET', 'notifications', {
    query: { ...params },
    silent: true,
    signal,
  })) as ApiEnvelope<Notification[]> & { unreadCount?: number };
  return {
    data: result.data ?? [],
    pagination: result.pagination ?? { page: params.page, pageSize: params.pageSize, total: result.data?.length ?? 0 },
    unreadCount: result.unreadCount ?? 0,
  };
}

export const notificationsQueryOptions = (params: NotificationsParams) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The page of notifications shown in the bell's panel while it is open. */
export function useNotifications(params: NotificationsParams, enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(params), enabled });
}

/** The unread count of the bell's badge, asked for every minute (and after every change). */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'unread-count'] as const,
    queryFn: async ({ signal }) =>
      (await getNotifications({ filter: 'unread', archived: 'exclude', page: 1, pageSize: 1 }, signal)).unreadCount,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: NOTIFICATION_POLL_MS / 2,
    enabled: () => getAccessToken() !== null,
  });

export function useUnreadCount(): number {
  return useQuery(unreadCountQueryOptions()).data ?? 0;
}
