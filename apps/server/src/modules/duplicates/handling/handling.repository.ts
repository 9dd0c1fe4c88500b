import type { DuplicateResource, HandlingStep } from '@fairway/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { invoiceStates } from '../../invoices/invoices.repository';
import { accountingDocuments, duplicateGroupMembers, duplicateGroups, duplicateHandlings } from '../duplicates.tables';
import type { HandlingDocumentState } from './plan';

type Conn = Db | Tx;

/** A group's club account, as the routes reach it. */
export interface GroupTenant {
  organisationId: string;
  clubAccountId: string;
}

export type GroupRow = typeof duplicateGroups.$inferSelect;
export type MemberRow = typeof duplicateGroupMembers.$inferSelect;
export type HandlingRow = typeof duplicateHandlings.$inferSelect;

/** The group, only if it is the club account's own. */
export async function findGroup(conn: Conn, t: GroupTenant, id: string): Promise<GroupRow | null> {
  const [row] = await conn
    .select()
    .from(duplicateGroups)
    .where(
      and(
        eq(duplicateGroups.id, id),
        eq(duplicateGroups.organisationId, t.organisationId),
        eq(duplicateGroups.clubAccountId, t.clubAccountId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function groupById(conn: Conn, id: string): Promise<GroupRow | null> {
  const [row] = await conn.select().from(duplicateGroups).where(eq(duplicateGroups.id, id)).limit(1);
  return row ?? null;
}

export async function membersOf(conn: Conn, groupId: string): Promise<MemberRow[]> {
  return conn
    .select()
    .from(duplicateGroupMembers)
    .where(eq(duplicateGroupMembers.groupId, groupId))
    .orderBy(duplicateGroupMembers.addedAt, duplicateGroupMembers.number);
}

/** The group's latest handling. */
export async function lastHandling(conn: Conn, groupId: string): Promise<HandlingRow | null> {
  const [row] = await conn
    .select()
    .from(duplicateHandlings)
    .where(eq(duplicateHandlings.groupId, groupId))
    .orderBy(desc(duplicateHandlings.createdAt))
    .limit(1);
  return row ?? null;
}

export async function handlingById(conn: Conn, id: string): Promise<HandlingRow | null> {
  const [row] = await conn.select().from(duplicateHandlings).where(eq(duplicateHandlings.id, id)).limit(1);
  return row ?? null;
}

/**
 * The documents' state as the mirror last read it: customer invoices from the invoices mirror,
 * the rest from accounting_documents (an order's `invoiced` from its stored document). A number
 * the mirror does not hold is absent from the answer.
 */
export async function mirroredStates(
  conn: Conn,
  group: Pick<GroupRow, 'organisationId' | 'clubAccountId' | 'resource'>,
  numbers: string[],
): Promise<Map<string, HandlingDocumentState>> {
  const states = new Map<string, HandlingDocumentState>();
  if (numbers.length === 0) return states;
  if (group.resource === 'invoice') {
    for (const r of await invoiceStates(conn, group, numbers))
      states.set(r.number, { booked: r.booked, done: r.cancelled || r.credited, invoiced: false });
    return states;
  }
  const rows = await conn
    .select({
      number: accountingDocuments.number,
      booked: accountingDocuments.booked,
      cancelled: accountingDocuments.cancelled,
      invoiced: sql<boolean>`coalesce((${accountingDocuments.data} ->> 'invoiced')::boolean, false)`,
    })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.clubAccountId, group.clubAccountId),
        eq(accountingDocuments.resource, group.resource as Exclude<DuplicateResource, 'invoice'>),
        inArray(accountingDocuments.number, numbers),
      ),
    );
  for (const r of rows) states.set(r.number, { booked: r.booked, done: r.cancelled, invoiced: r.invoiced });
  return states;
}

/** A new handling, queued; the partial unique index refuses a second active one of the group (null then). */
export async function insertHandling(
  tx: Tx,
  group: GroupRow,
  steps: HandlingStep[],
  userId: string | null,
): Promise<HandlingRow | null> {
  const rows = await tx
    .insert(duplicateHandlings)
    .values({
      organisationId: group.organisationId,
      clubAccountId: group.clubAccountId,
      groupId: group.id,
      steps,
      createdBy: userId,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** Marks a member while a write to the program may be under way (a resumed run then checks before writing). */
export async function markMember(conn: Conn, groupId: string, number: string, from: string, to: 'handling' | 'open') {
  await conn
    .update(duplicateGroupMembers)
    .set({ state: to })
    .where(
      and(
        eq(duplicateGroupMembers.groupId, groupId),
        eq(duplicateGroupMembers.number, number),
        eq(duplicateGroupMembers.state, from as MemberRow['state']),
      ),
    );
}

/**
 * One document handled: in one transaction the member becomes `handled`, the handling records it,
 * the group's counters lose it, and the group is resolved when no open duplicate is left.
 */
export async function recordHandled(
  db: Db,
  handling: HandlingRow,
  number: string,
  userId: string | null,
): Promise<{ resolved: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .update(duplicateGroupMembers)
      .set({ state: 'handled', stateChangedBy: userId, stateChangedAt: new Date() })
      .where(and(eq(duplicateGroupMembers.groupId, handling.groupId), eq(duplicateGroupMembers.number, number)));
    await tx
      .update(duplicateHandlings)
      .set({
        handled: sql`case when ${duplicateHandlings.handled} @> ${JSON.stringify([number])}::jsonb then ${duplicateHandlings.handled} else ${duplicateHandlings.handled} || ${JSON.stringify([number])}::jsonb end`,
        heartbeatAt: new Date(),
      })
      .where(eq(duplicateHandlings.id, handling.id));
    return settleGroup(tx, handling.groupId, userId);
  });
}

/**
 * Recounts the group's open duplicates and the money at stake from its members and documents, and
 * resolves it when none is open or being handled.
 */
export async function settleGroup(tx: Tx, groupId: string, userId: string | null): Promise<{ resolved: boolean }> {
  const members = await membersOf(tx, groupId);
  const group = await groupById(tx, groupId);
  if (!group) return { resolved: false };
  const open = members.filter((m) => m.state === 'open' || m.state === 'handling');
  const states = await amountsOf(
    tx,
    group,
    open.map((m) => m.number),
  );
  const resolved = open.length === 0;
  await tx
    .update(duplicateGroups)
    .set({
      duplicateCount: open.length,
      amountAtStakeOre: open.reduce((sum, m) => sum + (states.get(m.number) ?? 0), 0),
      updatedAt: new Date(),
      ...(resolved && !group.resolved ? { resolved: true, resolvedAt: new Date(), resolvedBy: userId } : {}),
    })
    .where(eq(duplicateGroups.id, groupId));
  return { resolved };
}

async function amountsOf(conn: Conn, group: GroupRow, numbers: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (numbers.length === 0) return out;
  if (group.resource === 'invoice') {
    for (const r of await invoiceStates(conn, group, numbers)) out.set(r.number, Number(r.totalOre));
    return out;
  }
  const rows = await conn
    .select({ number: accountingDocuments.number, amount: accountingDocuments.amountOre })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.clubAccountId, group.clubAccountId),
        eq(accountingDocuments.resource, group.resource as Exclude<DuplicateResource, 'invoice'>),
        inArray(accountingDocuments.number, numbers),
      ),
    );
  for (const r of rows) out.set(r.number, Number(r.amount));
  return out;
}

/** The mirrored date of each document (`YYYY-MM-DD`), to check a program's document is the one the scan found. */
export async function mirroredDates(
  conn: Conn,
  group: Pick<GroupRow, 'clubAccountId' | 'resource'>,
  numbers: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (numbers.length === 0 || group.resource === 'invoice') return out;
  const rows = await conn
    .select({ number: accountingDocuments.number, date: accountingDocuments.documentDate })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.clubAccountId, group.clubAccountId),
        eq(accountingDocuments.resource, group.resource as Exclude<DuplicateResource, 'invoice'>),
        inArray(accountingDocuments.number, numbers),
      ),
    );
  for (const r of rows) out.set(r.number, r.date);
  return out;
}
