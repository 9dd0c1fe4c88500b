import type { NotificationsListQuery, RoleName } from '@fairway/shared';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Tenant } from '../organizations/tenant';
import { roles } from '../permissions/permissions.tables';
import { memberships } from '../users/users.tables';
import { notifications } from './notifications.tables';

type Conn = Db | Tx;

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readAt' | 'archivedAt'>;

/** The one recipient whose notifications a request may touch: the caller, in the organisation in use. */
export interface Recipient {
  readonly userId: string;
}

/**
 * Active members of the tenant among `userIds` or holding one of `roleNames`. Invited members
 * have not signed in yet, so they are not notified; ids of other organisations' users fall away.
 */
export async function findRecipients(
  conn: Conn,
  tenant: Tenant,
  who: { userIds?: readonly string[]; roleNames?: readonly RoleName[] },
): Promise<string[]> {
  const anyOf: SQL[] = [];
  if (who.userIds && who.userIds.length > 0) anyOf.push(inArray(memberships.userId, [...who.userIds]));
  if (who.roleNames && who.roleNames.length > 0) anyOf.push(inArray(roles.name, [...who.roleNames]));
  if (anyOf.length === 0) return [];
  const rows = await conn
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.organisationId, tenant.organisationId), eq(memberships.status, 'active'), or(...anyOf)));
  return rows.map((r) => r.userId);
}

export async function insertNotifications(conn: Conn, rows: NewNotificationRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await conn.insert(notifications).values(rows).returning({ id: notifications.id });
  return created.map((r) => r.id);
}

const mine = (tenant: Tenant, recipient: Recipient) =>
  and(eq(notifications.organisationId, tenant.organisationId), eq(notifications.userId, recipient.userId)) as SQL;

export async function countUnread(conn: Conn, tenant: Tenant, recipient: Recipient): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(tenant, recipient), isNull(notifications.readAt), isNull(notifications.archivedAt)));
  return row?.n ?? 0;
}

export async function listNotifications(
  conn: Conn,
  tenant: Tenant,
  recipient: Recipient,
  query: NotificationsListQuery,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const filters: SQL[] = [mine(tenant, recipient)];
  if (query.filter === 'read') filters.push(isNotNull(notifications.readAt));
  if (query.filter === 'unread') filters.push(isNull(notifications.readAt));
  if (query.archived === 'exclude') filters.push(isNull(notifications.archivedAt));
  if (query.archived === 'only') filters.push(isNotNull(notifications.archivedAt));
  const where = and(...filters);
  const [totalRow] = await conn.select({ total: count() }).from(notifications).where(where);
  const rows = await conn
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findNotification(
  conn: Conn,
  tenant: Tenant,
  recipient: Recipient,
  id: string,
): Promise<NotificationRow | null> {
  const [row] = await conn
    .select()
    .from(notifications)
    .where(and(mine(tenant, recipient), eq(notifications.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateNotification(
  conn: Conn,
  tenant: Tenant,
  recipient: Recipient,
  id: string,
  change: { read?: boolean; archived?: boolean },
): Promise<NotificationRow | null> {
  const current = await findNotification(conn, tenant, recipient, id);
  if (!current) return null;
  const now = new Date();
  // The first time stays recorded: marking read again does not move readAt.
  const readAt = change.read === undefined ? current.readAt : change.read ? (current.readAt ?? now) : null;
  const archivedAt = change.archived === undefined ? current.archivedAt : change.archived ? (current.archivedAt ?? now) : null;
  const [row] = await conn
    .update(notifications)
    .set({ readAt, archivedAt })
    .where(and(mine(tenant, recipient), eq(notifications.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteNotification(conn: Conn, tenant: Tenant, recipient: Recipient, id: string): Promise<boolean> {
  const deleted = await conn
    .delete(notifications)
    .where(and(mine(tenant, recipient), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return deleted.length > 0;
}

export async function markAllRead(conn: Conn, tenant: Tenant, recipient: Recipient): Promise<number> {
  const updated = await conn
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(tenant, recipient), isNull(notifications.readAt), isNull(notifications.archivedAt)))
    .returning({ id: notifications.id });
  return updated.length;
}
