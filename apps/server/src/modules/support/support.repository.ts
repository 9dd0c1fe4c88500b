import { type SupportHoursPurchase, type SupportTicket, supportHoursPrice } from '@fairway/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingNumberOf } from '../billings/billings.repository';
import { memberNamesByIds } from '../members/members.repository';
import { clubAccounts } from '../organizations/organizations.tables';
import type { Tenant } from '../organizations/tenant';
import { users } from '../users/users.tables';
import { supportHourPurchases, supportTickets } from './support.tables';

type Conn = Db | Tx;

export interface NewTicket {
  clubAccountId: string | null;
  userId: string;
  memberId: string | null;
  subject: string;
  message: string;
}

export async function insertTicket(conn: Conn, tenant: Tenant, values: NewTicket): Promise<{ id: string; number: number }> {
  const [row] = await conn
    .insert(supportTickets)
    .values({ ...values, organisationId: tenant.organisationId })
    .returning({ id: supportTickets.id, number: supportTickets.number });
  if (!row) throw new Error('support_tickets insert returned no row');
  return row;
}

const ticketColumns = {
  id: supportTickets.id,
  number: supportTickets.number,
  subject: supportTickets.subject,
  message: supportTickets.message,
  createdAt: supportTickets.createdAt,
  memberId: supportTickets.memberId,
  openedBy: sql<string | null>`coalesce(nullif(${users.displayName}, ''), ${users.name})`,
  clubAccountName: clubAccounts.name,
};

type TicketRow = {
  id: string;
  number: number;
  subject: string;
  message: string;
  createdAt: Date;
  memberId: string | null;
  openedBy: string | null;
  clubAccountName: string | null;
};

/**
 * The tickets with the member each is about, read by id from the member register in one query
 * (members.repository's `memberNamesByIds`, held to the tenant so no other tenant's name can leak).
 */
async function toTickets(conn: Conn, tenant: Tenant, rows: TicketRow[]): Promise<SupportTicket[]> {
  const ids = rows.flatMap((r) => (r.memberId ? [r.memberId] : []));
  const names = await memberNamesByIds(conn, tenant.organisationId, ids);
  return rows.map((row) => {
    const member = row.memberId ? names.get(row.memberId) : undefined;
    return {
      id: row.id,
      number: row.number,
      subject: row.subject,
      message: row.message,
      member:
        row.memberId && member
          ? { id: row.memberId, name: `${member.firstname} ${member.lastname}`.trim(), memberNumber: member.memberNumber }
          : null,
      openedBy: row.openedBy,
      clubAccountName: row.clubAccountName,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

const ticketsOf = (tenant: Tenant, memberId?: string) =>
  and(eq(supportTickets.organisationId, tenant.organisationId), memberId ? eq(supportTickets.memberId, memberId) : undefined);

/** The organisation's tickets, newest first. */
export async function listTickets(
  conn: Conn,
  tenant: Tenant,
  query: { page: number; pageSize: number; memberId?: string },
): Promise<{ rows: SupportTicket[]; total: number }> {
  const where = ticketsOf(tenant, query.memberId);
  const [rows, totals] = await Promise.all([
    conn
      .select(ticketColumns)
      .from(supportTickets)
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .leftJoin(
        clubAccounts,
        and(eq(clubAccounts.id, supportTickets.clubAccountId), eq(clubAccounts.organisationId, tenant.organisationId)),
      )
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    conn.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows: await toTickets(conn, tenant, rows), total: totals[0]?.n ?? 0 };
}

export async function findTicket(conn: Conn, tenant: Tenant, id: string): Promise<SupportTicket | null> {
  const [row] = await conn
    .select(ticketColumns)
    .from(supportTickets)
    .leftJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(
      clubAccounts,
      and(eq(clubAccounts.id, supportTickets.clubAccountId), eq(clubAccounts.organisationId, tenant.organisationId)),
    )
    .where(and(eq(supportTickets.id, id), eq(supportTickets.organisationId, tenant.organisationId)));
  return row ? ((await toTickets(conn, tenant, [row]))[0] ?? null) : null;
}

/* ---------------------------------------------------------------- support hours */

export async function insertPurchase(
  conn: Conn,
  tenant: Tenant,
  values: { userId: string; hundredths: number; unitPriceOre: number; amountOre: number },
) {
  const [row] = await conn
    .insert(supportHourPurchases)
    .values({ ...values, organisationId: tenant.organisationId })
    .returning();
  if (!row) throw new Error('support_hour_purchases insert returned no row');
  return row;
}

/**
 * The purchases no billing carries yet, locked until the caller's transaction ends so two billing
 * runs cannot both bill them.
 */
export async function lockUnbilledPurchases(tx: Conn, tenant: Tenant) {
  return tx
    .select({
      id: supportHourPurchases.id,
      hundredths: supportHourPurchases.hundredths,
      createdAt: supportHourPurchases.createdAt,
    })
    .from(supportHourPurchases)
    .where(and(eq(supportHourPurchases.organisationId, tenant.organisationId), isNull(supportHourPurchases.billingId)))
    .orderBy(supportHourPurchases.createdAt)
    .for('update');
}

export async function markPurchasesBilled(conn: Conn, tenant: Tenant, ids: readonly string[], billingId: string): Promise<void> {
  if (ids.length === 0) return;
  await conn
    .update(supportHourPurchases)
    .set({ billingId })
    .where(and(eq(supportHourPurchases.organisationId, tenant.organisationId), inArray(supportHourPurchases.id, [...ids])));
}

/** The organisation's latest purchases with the billing each was put on (null while it waits). */
export async function listPurchases(conn: Conn, tenant: Tenant, limit: number): Promise<SupportHoursPurchase[]> {
  const rows = await conn
    .select({
      id: supportHourPurchases.id,
      hundredths: supportHourPurchases.hundredths,
      unitPriceOre: supportHourPurchases.unitPriceOre,
      amountOre: supportHourPurchases.amountOre,
      createdAt: supportHourPurchases.createdAt,
      billingNumber: billingNumberOf(supportHourPurchases.billingId, tenant.organisationId),
    })
    .from(supportHourPurchases)
    .where(eq(supportHourPurchases.organisationId, tenant.organisationId))
    .orderBy(desc(supportHourPurchases.createdAt))
    .limit(limit);
  return rows.map((row) => {
    const price = supportHoursPrice(row.hundredths / 100);
    return {
      id: row.id,
      hours: row.hundredths / 100,
      unitPriceOre: row.unitPriceOre,
      exVatOre: row.amountOre,
      vatOre: price.vatOre,
      totalOre: row.amountOre + price.vatOre,
      createdAt: row.createdAt.toISOString(),
      billingNumber: row.billingNumber ?? null,
    };
  });
}
