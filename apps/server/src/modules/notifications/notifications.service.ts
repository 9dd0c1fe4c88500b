import type { Notification, NotificationsListQuery, RoleName, UpdateNotificationBody } from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { isMessageKey, type Lang, type MessageKey, type MessageParams, t } from '../../lib/i18n';
import type { Tenant } from '../organizations/tenant';
import {
  countUnread,
  deleteNotification,
  findNotification,
  findRecipients,
  insertNotifications,
  listNotifications,
  markAllRead,
  type NotificationRow,
  type Recipient,
  updateNotification,
} from './notifications.repository';

export interface NotifyInput {
  organisationId: string;
  /** Recipients by id; only active members of the organisation receive it. */
  userIds?: readonly string[];
  /** Recipients by role, e.g. `'Owner'` or `['Owner', 'Manager']`. */
  toRole?: RoleName | readonly RoleName[];
  /** Shorthand for `toRole: 'Owner'`. */
  allOwners?: boolean;
  /** Server message keys (rendered in each reader's language with `params`) or plain text. */
  subject: MessageKey | (string & {});
  message: MessageKey | (string & {});
  params?: MessageParams;
  /** An in-app path the notification is about, e.g. `/dashboard/configuration/users`. */
  link?: string | null;
}

const TEXT_MAX = 2000;
const LINK_MAX = 500;

/**
 * Sends an in-app notification to members of one organisation (docs/messages.md#notifications). Call it inside the
 * transaction of the change it tells about, so the notification exists exactly when the change
 * does. Recipients are the union of `userIds` and the roles named; returns how many got one.
 */
export async function notify(conn: Db | Tx, input: NotifyInput): Promise<number> {
  const roleNames: RoleName[] = [
    ...(input.toRole === undefined ? [] : typeof input.toRole === 'string' ? [input.toRole] : [...input.toRole]),
    ...(input.allOwners ? (['Owner'] as const) : []),
  ];
  const tenant: Tenant = { organisationId: input.organisationId };
  const userIds = await findRecipients(conn, tenant, { userIds: input.userIds, roleNames });
  // Only in-app paths: a notification must never send a user elsewhere.
  const link = input.link?.startsWith('/') && !input.link.startsWith('//') ? input.link.slice(0, LINK_MAX) : null;
  const ids = await insertNotifications(
    conn,
    userIds.map((userId) => ({
      organisationId: input.organisationId,
      userId,
      subject: input.subject.slice(0, TEXT_MAX),
      message: input.message.slice(0, TEXT_MAX),
      params: input.params ?? {},
      link,
    })),
  );
  return ids.length;
}

const render = (text: string, lang: Lang, params: MessageParams) => (isMessageKey(text) ? t(text, lang, params) : text);

export function toNotification(row: NotificationRow, lang: Lang): Notification {
  return {
    id: row.id,
    subject: render(row.subject, lang, row.params),
    message: render(row.message, lang, row.params),
    link: row.link,
    date: row.createdAt.toISOString(),
    read: row.readAt !== null,
    archived: row.archivedAt !== null,
  };
}

export async function getNotifications(db: Db, tenant: Tenant, recipient: Recipient, query: NotificationsListQuery, lang: Lang) {
  const [{ rows, total }, unreadCount] = await Promise.all([
    listNotifications(db, tenant, recipient, query),
    countUnread(db, tenant, recipient),
  ]);
  return {
    data: rows.map((row) => toNotification(row, lang)),
    pagination: { page: query.page, pageSize: query.pageSize, total },
    unreadCount,
  };
}

export async function getNotification(
  db: Db,
  tenant: Tenant,
  recipient: Recipient,
  id: string,
  lang: Lang,
): Promise<Notification> {
  const row = await findNotification(db, tenant, recipient, id);
  if (!row) throw new NotFoundError('notifications.notFound');
  return toNotification(row, lang);
}

export async function changeNotification(
  db: Db,
  tenant: Tenant,
  recipient: Recipient,
  id: string,
  body: UpdateNotificationBody,
  lang: Lang,
): Promise<Notification> {
  const row = await updateNotification(db, tenant, recipient, id, body);
  if (!row) throw new NotFoundError('notifications.notFound');
  return toNotification(row, lang);
}

export async function removeNotification(db: Db, tenant: Tenant, recipient: Recipient, id: string): Promise<void> {
  if (!(await deleteNotification(db, tenant, recipient, id))) throw new NotFoundError('notifications.notFound');
}

export async function readAll(db: Db, tenant: Tenant, recipient: Recipient) {
  const updated = await markAllRead(db, tenant, recipient);
  return { updated, unreadCount: await countUnread(db, tenant, recipient) };
}
