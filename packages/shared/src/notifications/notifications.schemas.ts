import { z } from 'zod';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { NOTIFICATION_ARCHIVED_MODES, NOTIFICATION_FILTERS } from './constants';

export * from './constants';

/** A notification of the signed-in user in the organisation in use (docs/messages.md#notifications). */
export const notificationSchema = z.object({
  id: z.string().uuid(),
  subject: z.string(),
  message: z.string(),
  /** An in-app path (starting with `/dashboard`) the notification is about, if any. */
  link: z.string().nullable(),
  date: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    filter: z.enum(NOTIFICATION_FILTERS).default('all'),
    archived: z.enum(NOTIFICATION_ARCHIVED_MODES).default('exclude'),
  })
  .strict();
export type NotificationsListQuery = z.infer<typeof notificationsListQuerySchema>;

/** GET notifications: the page asked for plus the unread count the bell shows. */
export const notificationsListResponseSchema = z.object({
  data: z.array(notificationSchema),
  pagination: paginationSchema,
  /** Unread and not archived, independent of the filter and page asked for. */
  unreadCount: z.number().int(),
});
export type NotificationsListResponse = z.infer<typeof notificationsListResponseSchema>;

/** PUT notifications/{id}: mark read/unread and archive/unarchive; at least one of the two. */
export const updateNotificationBodySchema = z
  .object({
    read: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.read !== undefined || body.archived !== undefined, {
    path: ['read'],
    message: encodeMessage('required'),
  });
export type UpdateNotificationBody = z.infer<typeof updateNotificationBodySchema>;

/** PUT notifications/read-all: how many notifications were marked read. */
export const markAllReadResultSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;
