import type { DuplicateDocumentView, DuplicateField, DuplicateResource, DuplicatesListQuery } from '@fairway/shared';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { invoices } from '../invoices/invoices.tables';
import {
  accountingDocuments,
  duplicateDismissals,
  duplicateFieldMappings,
  duplicateGroupMembers,
  duplicateGroups,
  duplicateHandlings,
  duplicateScans,
} from './duplicates.tables';

export type GroupRecord = typeof duplicateGroups.$inferSelect;
export type MemberRecord = typeof duplicateGroupMembers.$inferSelect;

/** Every group query is held to the organisation and club account in use. */
const scope = (target: MirrorTarget): SQL[] => [
  eq(duplicateGroups.organisationId, target.organisationId),
  eq(duplicateGroups.clubAccountId, target.clubAccountId),
];

/** The original document's date, from whichever mirror holds the group's resource. */
const originalDate = sql<string>`coalesce(
  (select ${accountingDocuments.documentDate} from ${accountingDocuments}
    where ${accountingDocuments.clubAccountId} = ${duplicateGroups.clubAccountId}
      and ${accountingDocuments.resource} = ${duplicateGroups.resource}
      and ${accountingDocuments.number} = ${duplicateGroups.originalNumber}),
  (select ${invoices.invoiceDate}::text from ${invoices}
    where ${duplicateGroups.resource} = 'invoice'
      and ${invoices.clubAccountId} = ${duplicateGroups.clubAccountId}
      and ${invoices.number} = ${duplicateGroups.originalNumber}))`;

function listFilter(target: MirrorTarget, query: DuplicatesListQuery): SQL | undefined {
  const conditions = scope(target);
  if (query.resource) conditions.push(eq(duplicateGroups.resource, query.resource));
  if (query.status !== 'all') conditions.push(eq(duplicateGroups.resolved, query.status === 'solved'));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        sql`${duplicateGroups.transactionId} ilike ${pattern}`,
        sql`${duplicateGroups.originalNumber} ilike ${pattern}`,
        sql`exists (select 1 from ${duplicateGroupMembers} where ${duplicateGroupMembers.groupId} = ${duplicateGroups.id}
          and ${duplicateGroupMembers.number} ilike ${pattern})`,
        sql`exists (select 1 from ${accountingDocuments}
          where ${accountingDocuments.clubAccountId} = ${duplicateGroups.clubAccountId}
            and ${accountingDocuments.resource} = ${duplicateGroups.resource}
            and ${accountingDocuments.number} = ${duplicateGroups.originalNumber}
            and (${accountingDocuments.counterpartyName} ilike ${pattern} or ${accountingDocuments.counterpartyNumber} ilike ${pattern}))`,
        sql`exists (select 1 from ${invoices}
          where ${duplicateGroups.resource} = 'invoice'
            and ${invoices.clubAccountId} = ${duplicateGroups.clubAccountId}
            and ${invoices.number} = ${duplicateGroups.originalNumber}
            and (${invoices.customerName} ilike ${pattern} or ${invoices.customerNumber} ilike ${pattern}))`,
      ) as SQL,
    );
  }
  return and(...conditions);
}

const SORTS = {
  found: duplicateGroups.foundAt,
  amount: duplicateGroups.amountAtStakeOre,
  date: originalDate,
  duplicates: duplicateGroups.duplicateCount,
  confidence: duplicateGroups.confidence,
} as const;

export async function listGroups(conn: Db | Tx, target: MirrorTarget, query: DuplicatesListQuery) {
  const where = listFilter(target, query);
  const dir = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    conn
      .select()
      .from(duplicateGroups)
      .where(where)
      .orderBy(dir(SORTS[query.sort]), dir(duplicateGroups.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    conn.select({ n: count() }).from(duplicateGroups).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findGroup(conn: Db | Tx, target: MirrorTarget, id: string): Promise<GroupRecord | null> {
  const [row] = await conn
    .select()
    .from(duplicateGroups)
    .where(and(eq(duplicateGroups.id, id), ...scope(target)));
  return row ?? null;
}

export function membersOf(conn: Db | Tx, groupId: string): Promise<MemberRecord[]> {
  return conn
    .select()
    .from(duplicateGroupMembers)
    .where(eq(duplicateGroupMembers.groupId, groupId))
    .orderBy(asc(duplicateGroupMembers.number));
}

/** The groups among `ids` a handling run is working on (queued or running). */
export async function groupsBeingHandled(conn: Db | Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await conn
    .select({ id: duplicateHandlings.groupId })
    .from(duplicateHandlings)
    .where(and(inArray(duplicateHandlings.groupId, [...ids]), inArray(duplicateHandlings.status, ['queued', 'running'])));
  return new Set(rows.map((r) => r.id));
}

/** Documents as a reviewer sees them, by number, from the mirror that holds the resource. */
export async function documentViews(
  conn: Db | Tx,
  target: MirrorTarget,
  resource: DuplicateResource,
  numbers: readonly string[],
): Promise<Map<string, DuplicateDocumentView>> {
  if (numbers.length === 0) return new Map();
  if (resource === 'invoice') {
    const rows = await conn
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.organisationId, target.organisationId),
          eq(invoices.clubAccountId, target.clubAccountId),
          inArray(invoices.number, [...numbers]),
        ),
      );
    return new Map(
      rows.map((r) => [
        r.number,
        {
          number: r.number,
          counterpartyNumber: r.customerNumber,
          counterpartyName: r.customerName,
          reference: r.data.yourReference ?? null,
          ocr: r.ocr,
          bankAccount: null,
          amountOre: r.isCredit && r.totalOre > 0 ? -r.totalOre : r.totalOre,
          vatOre: r.vatOre,
          currency: r.currency,
          date: r.invoiceDate,
          dueDate: r.dueDate,
          text: r.data.remarks ?? null,
          booked: r.booked,
          cancelled: r.cancelled || r.credited,
        },
      ]),
    );
  }
  const rows = await conn
    .select()
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.organisationId, target.organisationId),
        eq(accountingDocuments.clubAccountId, target.clubAccountId),
        eq(accountingDocuments.resource, resource),
        inArray(accountingDocuments.number, [...numbers]),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.number,
      {
        number: r.number,
        counterpartyNumber: r.counterpartyNumber,
        counterpartyName: r.counterpartyName,
        reference: r.reference,
        ocr: r.ocr,
        bankAccount: r.bankAccount,
        amountOre: r.amountOre,
        vatOre: r.vatOre,
        currency: r.currency,
        date: r.documentDate,
        dueDate: r.dueDate,
        text: r.text,
        booked: r.booked,
        cancelled: r.cancelled,
      },
    ]),
  );
}

export async function setResolved(conn: Db | Tx, groupId: string, resolved: boolean, userId: string): Promise<void> {
  await conn
    .update(duplicateGroups)
    .set(
      resolved
        ? { resolved: true, resolvedAt: new Date(), resolvedBy: userId, updatedAt: new Date() }
        : { resolved: false, resolvedAt: null, resolvedBy: null, updatedAt: new Date() },
    )
    .where(eq(duplicateGroups.id, groupId));
}

/** Records the pair as not a duplicate (never proposed again) and the member's state. */
export async function dismiss(
  conn: Db | Tx,
  target: MirrorTarget,
  group: GroupRecord,
  number: string,
  userId: string,
): Promise<void> {
  const [numberA, numberB] = group.originalNumber < number ? [group.originalNumber, number] : [number, group.originalNumber];
  await conn
    .insert(duplicateDismissals)
    .values({ ...target, resource: group.resource, numberA, numberB, dismissedBy: userId })
    .onConflictDoNothing();
  await conn
    .update(duplicateGroupMembers)
    .set({ state: 'not_duplicate', stateChangedBy: userId, stateChangedAt: new Date() })
    .where(and(eq(duplicateGroupMembers.groupId, group.id), eq(duplicateGroupMembers.number, number)));
}

/** The club account's latest scan. */
export async function latestScan(conn: Db | Tx, target: MirrorTarget) {
  const [row] = await conn
    .select()
    .from(duplicateScans)
    .where(and(eq(duplicateScans.organisationId, target.organisationId), eq(duplicateScans.clubAccountId, target.clubAccountId)))
    .orderBy(desc(duplicateScans.createdAt))
    .limit(1);
  return row ?? null;
}

/** Per resource: groups unresolved and resolved, open amounts of unresolved groups and amounts of resolved ones. */
export async function groupTotals(conn: Db | Tx, target: MirrorTarget) {
  return conn
    .select({
      resource: duplicateGroups.resource,
      unresolved: sql<number>`count(*) filter (where not ${duplicateGroups.resolved})::int`,
      resolved: sql<number>`count(*) filter (where ${duplicateGroups.resolved})::int`,
      atStakeOre: sql<number>`coalesce(sum(${duplicateGroups.amountAtStakeOre}) filter (where not ${duplicateGroups.resolved}), 0)::bigint`,
      resolvedOre: sql<number>`coalesce(sum(${duplicateGroups.amountAtStakeOre}) filter (where ${duplicateGroups.resolved}), 0)::bigint`,
    })
    .from(duplicateGroups)
    .where(and(...scope(target)))
    .groupBy(duplicateGroups.resource);
}

/** Handled duplicates (their numbers) per resource. */
export async function handledMembers(conn: Db | Tx, target: MirrorTarget) {
  return conn
    .select({ resource: duplicateGroups.resource, number: duplicateGroupMembers.number })
    .from(duplicateGroupMembers)
    .innerJoin(duplicateGroups, eq(duplicateGroups.id, duplicateGroupMembers.groupId))
    .where(and(...scope(target), eq(duplicateGroupMembers.state, 'handled')));
}

const month = (column: SQL | typeof duplicateGroups.foundAt) =>
  sql<string>`to_char(${column} at time zone 'Europe/Stockholm', 'YYYY-MM')`;

/** Groups found and resolved per month (Swedish time) since `from`. */
export async function groupsPerMonth(conn: Db | Tx, target: MirrorTarget, from: Date) {
  const [found, resolved] = await Promise.all([
    conn
      .select({ month: month(duplicateGroups.foundAt), n: sql<number>`count(*)::int` })
      .from(duplicateGroups)
      .where(and(...scope(target), sql`${duplicateGroups.foundAt} >= ${from}`))
      .groupBy(month(duplicateGroups.foundAt)),
    conn
      .select({ month: month(sql`${duplicateGroups.resolvedAt}`), n: sql<number>`count(*)::int` })
      .from(duplicateGroups)
      .where(and(...scope(target), eq(duplicateGroups.resolved, true), sql`${duplicateGroups.resolvedAt} >= ${from}`))
      .groupBy(month(sql`${duplicateGroups.resolvedAt}`)),
  ]);
  return { found, resolved };
}

/** Saves the organisation's mapping of a resource, or (null) goes back to the default. */
export async function saveFieldMapping(
  conn: Db | Tx,
  organisationId: string,
  resource: DuplicateResource,
  mapping: { transactionIdField: 'reference' | 'ocr'; compared: DuplicateField[] } | null,
  userId: string,
): Promise<void> {
  if (mapping === null) {
    await conn
      .delete(duplicateFieldMappings)
      .where(and(eq(duplicateFieldMappings.organisationId, organisationId), eq(duplicateFieldMappings.resource, resource)));
    return;
  }
  await conn
    .insert(duplicateFieldMappings)
    .values({ organisationId, resource, ...mapping, updatedBy: userId })
    .onConflictDoUpdate({
      target: [duplicateFieldMappings.organisationId, duplicateFieldMappings.resource],
      set: { ...mapping, updatedBy: userId, updatedAt: new Date() },
    });
}

/** The resources the organisation saved its own mapping for. */
export async function savedMappingResources(conn: Db | Tx, organisationId: string): Promise<Set<DuplicateResource>> {
  const rows = await conn
    .select({ resource: duplicateFieldMappings.resource })
    .from(duplicateFieldMappings)
    .where(eq(duplicateFieldMappings.organisationId, organisationId));
  return new Set(rows.map((r) => r.resource));
}

/** Supplier invoices of a supplier in the club account's mirror (GET suppliers/:id). */
export async function supplierInvoiceCount(conn: Db | Tx, target: MirrorTarget, supplierNumber: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.organisationId, target.organisationId),
        eq(accountingDocuments.clubAccountId, target.clubAccountId),
        eq(accountingDocuments.resource, 'supplier_invoice'),
        eq(accountingDocuments.counterpartyNumber, supplierNumber),
      ),
    );
  return row?.n ?? 0;
}
