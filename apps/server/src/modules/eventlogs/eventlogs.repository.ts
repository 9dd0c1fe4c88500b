import type { EventLogsListQuery } from '@fairway/shared';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { Tenant } from '../organizations/tenant';
import { users } from '../users/users.tables';
import { eventLogs } from './eventlogs.tables';

type Conn = Db | Tx;

export type EventLogRow = typeof eventLogs.$inferSelect;
export type NewEventLogRow = Omit<typeof eventLogs.$inferInsert, 'id' | 'createdAt'>;

/** Days of the filter are Swedish calendar days, whatever the server's own time zone. */
const ZONE = 'Europe/Stockholm';

export async function insertEventLog(conn: Conn, row: NewEventLogRow): Promise<string> {
  const [created] = await conn.insert(eventLogs).values(row).returning({ id: eventLogs.id });
  if (!created) throw new Error('event_logs insert returned no row');
  return created.id;
}

export interface EventLogFilter extends Omit<EventLogsListQuery, 'page' | 'pageSize'> {
  /** Message keys whose text (either language) contains the search, so rendered activities match too. */
  activityKeys?: readonly string[];
}

function whereOf(tenant: Tenant, filter: EventLogFilter): SQL | undefined {
  const filters: SQL[] = [eq(eventLogs.organisationId, tenant.organisationId)];
  if (filter.type) filters.push(eq(eventLogs.type, filter.type));
  if (filter.resource) filters.push(eq(eventLogs.resource, filter.resource));
  if (filter.from) filters.push(sql`${eventLogs.createdAt} >= (${filter.from}::date::timestamp at time zone ${ZONE})`);
  if (filter.to) filters.push(sql`${eventLogs.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${ZONE})`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const anyOf: SQL[] = [
      ilike(eventLogs.activity, pattern),
      ilike(eventLogs.invoice, pattern),
      ilike(eventLogs.error, pattern),
      ilike(eventLogs.resource, pattern),
      sql`${eventLogs.params}::text ilike ${pattern}`,
    ];
    if (filter.activityKeys && filter.activityKeys.length > 0) anyOf.push(inArray(eventLogs.activity, [...filter.activityKeys]));
    filters.push(or(...anyOf) as SQL);
  }
  return and(...filters);
}

export async function listEventLogs(
  conn: Conn,
  tenant: Tenant,
  filter: EventLogFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: EventLogRow[]; total: number }> {
  const where = whereOf(tenant, filter);
  const [totalRow] = await conn.select({ total: count() }).from(eventLogs).where(where);
  const rows = await conn
    .select()
    .from(eventLogs)
    .where(where)
    .orderBy(desc(eventLogs.createdAt), desc(eventLogs.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

/** The newest entry of one activity for a club account, e.g. to tell a repeated warning apart. */
export async function latestEventOf(
  conn: Conn,
  target: { organisationId: string; clubAccountId: string },
  activity: string,
): Promise<EventLogRow | null> {
  const [row] = await conn
    .select()
    .from(eventLogs)
    .where(
      and(
        eq(eventLogs.organisationId, target.organisationId),
        eq(eventLogs.clubAccountId, target.clubAccountId),
        eq(eventLogs.activity, activity),
      ),
    )
    .orderBy(desc(eventLogs.createdAt), desc(eventLogs.id))
    .limit(1);
  return row ?? null;
}

/** How a user is named in activities: the display name when set, else the name. */
export async function userDisplayName(conn: Conn, userId: string): Promise<string> {
  const [row] = await conn
    .select({ name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.name})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? '';
}
