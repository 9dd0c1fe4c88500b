// Plain values, no zod: the dashboard's header (the notification bell) reads them before any
// schema is needed (docs/web-app.md#bundle-budget).

/** Filter of the notification list (all, read, unread; docs/messages.md#notifications). */
export const NOTIFICATION_FILTERS = ['all', 'read', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Whether archived notifications are left out (default), listed with the rest, or listed alone. */
export const NOTIFICATION_ARCHIVED_MODES = ['exclude', 'include', 'only'] as const;
export type NotificationArchivedMode = (typeof NOTIFICATION_ARCHIVED_MODES)[number];

/** How often the bell asks for the unread count (ms). */
export const NOTIFICATION_POLL_MS = 60_000;
