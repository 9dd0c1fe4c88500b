import type { DuplicateField, DuplicateResource, FieldOutcome } from '@fairway/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import type { DocumentRow } from '../../../providers/accounting/provider';
import type { MirrorTarget } from '../../accounting/mirror/mirror';
import { invoices } from '../../invoices/invoices.tables';
import { rowAmount } from '../documents.mirror';
import {
  accountingDocuments,
  duplicateDismissals,
  duplicateFieldMappings,
  duplicateGroupMembers,
  duplicateGroups,
  duplicateHandlings,
} from '../duplicates.tables';
import { DEFAULT_FIELD_MAPPINGS, type DuplicateDocument, type FieldMapping, type FieldMappings } from '../engine/model';

/** A document as the scan reads it: the engine's fields and when the mirror last wrote it. */
export interface ScanDocument {
  doc: DuplicateDocument;
  syncedAt: Date;
}

/** The organisation's field mappings: its own where it saved one (the field mapper), else the engine's defaults. */
export async function fieldMappingsOf(conn: Db | Tx, organisationId: string): Promise<FieldMappings> {
  const rows = await conn.select().from(duplicateFieldMappings).where(eq(duplicateFieldMappings.organisationId, organisationId));
  const out: Record<DuplicateResource, FieldMapping> = { ...DEFAULT_FIELD_MAPPINGS };
  for (const r of rows) out[r.resource] = { transactionIdField: r.transactionIdField, compared: r.compared };
  return out;
}

/**
 * The club account's documents of a resource the scan compares: customer invoices from the
 * invoices mirror, the others from accounting_documents. Cancelled ones are left out (a cancelled
 * document is no longer a duplicate to act on).
 */
export async function scanDocuments(conn: Db | Tx, target: MirrorTarget, resource: DuplicateResource): Promise<ScanDocument[]> {
  if (resource === 'invoice') {
    const rows = await conn
      .select({
        number: invoices.number,
        customerNumber: invoices.customerNumber,
        customerName: invoices.customerName,
        ocr: invoices.ocr,
        totalOre: invoices.totalOre,
        vatOre: invoices.vatOre,
        currency: invoices.currency,
        invoiceDate: invoices.invoiceDate,
        dueDate: invoices.dueDate,
        isCredit: invoices.isCredit,
        syncedAt: invoices.syncedAt,
        yourReference: sql<string | null>`${invoices.data}->>'yourReference'`,
        remarks: sql<string | null>`${invoices.data}->>'remarks'`,
        rows: sql<DocumentRow[] | null>`${invoices.data}->'rows'`,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.organisationId, target.organisationId),
          eq(invoices.clubAccountId, target.clubAccountId),
          eq(invoices.cancelled, false),
        ),
      );
    return rows.map((r) => ({
      syncedAt: r.syncedAt,
      doc: {
        resource: 'invoice',
        id: r.number,
        counterpartyId: r.customerNumber,
        counterpartyName: r.customerName,
        reference: r.yourReference,
        ocr: r.ocr,
        amount: r.isCredit && r.totalOre > 0 ? -r.totalOre : r.totalOre,
        vatAmount: r.vatOre,
        currency: r.currency,
        date: r.invoiceDate,
        dueDate: r.dueDate,
        text: r.remarks,
        rows:
          Array.isArray(r.rows) && r.rows.length > 0
            ? r.rows.map((row) => ({ code: row.articleNumber ?? row.description, amount: rowAmount(row) }))
            : null,
      },
    }));
  }
  const rows = await conn
    .select()
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.organisationId, target.organisationId),
        eq(accountingDocuments.clubAccountId, target.clubAccountId),
        eq(accountingDocuments.resource, resource),
        eq(accountingDocuments.cancelled, false),
      ),
    );
  return rows.map((r) => ({
    syncedAt: r.syncedAt,
    doc: {
      resource,
      id: r.number,
      counterpartyId: r.counterpartyNumber,
      counterpartyName: r.counterpartyName,
      reference: r.reference,
      ocr: r.ocr,
      bankAccount: r.bankAccount,
      amount: r.amountOre,
      vatAmount: r.vatOre,
      currency: r.currency,
      date: r.documentDate,
      dueDate: r.dueDate,
      text: r.text,
      rows: r.rows,
    },
  }));
}

/** Documents of the resource the club account holds in the mirror (cancelled ones too). */
export async function documentCounts(conn: Db | Tx, target: MirrorTarget): Promise<Record<DuplicateResource, number>> {
  const out: Record<DuplicateResource, number> = { invoice: 0, supplier_invoice: 0, order: 0, voucher: 0 };
  const [inv] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(eq(invoices.organisationId, target.organisationId), eq(invoices.clubAccountId, target.clubAccountId)));
  out.invoice = inv?.n ?? 0;
  const rows = await conn
    .select({ resource: accountingDocuments.resource, n: sql<number>`count(*)::int` })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.organisationId, target.organisationId),
        eq(accountingDocuments.clubAccountId, target.clubAccountId),
      ),
    )
    .groupBy(accountingDocuments.resource);
  for (const r of rows) out[r.resource] = r.n;
  return out;
}

/** The key of a dismissed pair: its two numbers in order. */
export const pairKey = (x: string, y: string) => (x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`);

/** The pairs of the resource reviewers marked "not a duplicate". */
export async function dismissedPairs(conn: Db | Tx, target: MirrorTarget, resource: DuplicateResource): Promise<Set<string>> {
  const rows = await conn
    .select({ a: duplicateDismissals.numberA, b: duplicateDismissals.numberB })
    .from(duplicateDismissals)
    .where(
      and(
        eq(duplicateDismissals.organisationId, target.organisationId),
        eq(duplicateDismissals.clubAccountId, target.clubAccountId),
        eq(duplicateDismissals.resource, resource),
      ),
    );
  return new Set(rows.map((r) => pairKey(r.a, r.b)));
}

export type GroupRow = typeof duplicateGroups.$inferSelect;
export type MemberRow = typeof duplicateGroupMembers.$inferSelect;

/** The groups of the resource that hold any of `numbers`, as original or as duplicate, with their members. */
export async function groupsTouching(
  conn: Db | Tx,
  target: MirrorTarget,
  resource: DuplicateResource,
  numbers: readonly string[],
): Promise<{ group: GroupRow; members: MemberRow[] }[]> {
  if (numbers.length === 0) return [];
  const list = [...numbers];
  const groups = await conn
    .select()
    .from(duplicateGroups)
    .where(
      and(
        eq(duplicateGroups.organisationId, target.organisationId),
        eq(duplicateGroups.clubAccountId, target.clubAccountId),
        eq(duplicateGroups.resource, resource),
        or(
          inArray(duplicateGroups.originalNumber, list),
          inArray(
            duplicateGroups.id,
            conn
              .select({ id: duplicateGroupMembers.groupId })
              .from(duplicateGroupMembers)
              .where(
                and(eq(duplicateGroupMembers.organisationId, target.organisationId), inArray(duplicateGroupMembers.number, list)),
              ),
          ),
        ) as SQL,
      ),
    );
  if (groups.length === 0) return [];
  const members = await conn
    .select()
    .from(duplicateGroupMembers)
    .where(
      inArray(
        duplicateGroupMembers.groupId,
        groups.map((g) => g.id),
      ),
    );
  return groups.map((group) => ({ group, members: members.filter((m) => m.groupId === group.id) }));
}

/** What the scan writes of one group: its original and its duplicates with how each compared. */
export interface GroupWrite {
  originalNumber: string;
  transactionId: string | null;
  confidence: number;
  matchedFields: DuplicateField[];
  differedFields: DuplicateField[];
  notComparedFields: DuplicateField[];
  members: { number: string; confidence: number; fields: Partial<Record<DuplicateField, FieldOutcome>> }[];
  /** A document that was in no group before joined: a resolved group is unresolved again. */
  newcomer: boolean;
}

/**
 * Writes one group found by a scan, in one transaction: the existing group(s) its documents were
 * in become one (the earliest found keeps its id and state), the original may change (an earlier
 * document joined), members keep their state (`not_duplicate`, `handled`), and the open
 * duplicates' count and amount are recounted. Answers false, writing nothing, while a handling
 * works on one of the groups.
 */
export async function writeGroup(
  db: Db,
  target: MirrorTarget,
  resource: DuplicateResource,
  existing: { group: GroupRow; members: MemberRow[] }[],
  write: GroupWrite,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A group a handling is at work on is left as it is (its plan names its documents); the next
    // full scan finds what this one would have added.
    if (existing.length > 0) {
      const busy = await tx
        .select({ id: duplicateHandlings.id })
        .from(duplicateHandlings)
        .where(
          and(
            inArray(
              duplicateHandlings.groupId,
              existing.map((e) => e.group.id),
            ),
            inArray(duplicateHandlings.status, ['queued', 'running']),
          ),
        )
        .limit(1);
      if (busy.length > 0) return false;
    }
    const sorted = [...existing].sort(
      (x, y) =>
        Number(y.group.originalNumber === write.originalNumber) - Number(x.group.originalNumber === write.originalNumber) ||
        x.group.foundAt.getTime() - y.group.foundAt.getTime(),
    );
    const [primary, ...others] = sorted;
    // The others' members move over with their state; the groups themselves go.
    const carried = others.flatMap((o) => o.members);
    if (others.length > 0 && primary) {
      // Their handlings' history goes with them.
      await tx
        .update(duplicateHandlings)
        .set({ groupId: primary.group.id })
        .where(
          inArray(
            duplicateHandlings.groupId,
            others.map((o) => o.group.id),
          ),
        );
    }
    if (others.length > 0) {
      await tx.delete(duplicateGroups).where(
        inArray(
          duplicateGroups.id,
          others.map((o) => o.group.id),
        ),
      );
    }
    const values = {
      originalNumber: write.originalNumber,
      transactionId: write.transactionId,
      confidence: write.confidence,
      matchedFields: write.matchedFields,
      differedFields: write.differedFields,
      notComparedFields: write.notComparedFields,
      updatedAt: new Date(),
    };
    let groupId: string;
    if (primary) {
      groupId = primary.group.id;
      await tx
        .update(duplicateGroups)
        .set({
          ...values,
          ...(write.newcomer && primary.group.resolved ? { resolved: false, resolvedAt: null, resolvedBy: null } : {}),
        })
        .where(eq(duplicateGroups.id, groupId));
    } else {
      const [row] = await tx
        .insert(duplicateGroups)
        .values({ ...target, resource, ...values })
        .returning({ id: duplicateGroups.id });
      groupId = (row as { id: string }).id;
    }
    for (const m of carried) {
      if (m.number === write.originalNumber) continue;
      await tx
        .insert(duplicateGroupMembers)
        .values({ ...m, groupId })
        .onConflictDoNothing();
    }
    await tx
      .delete(duplicateGroupMembers)
      .where(and(eq(duplicateGroupMembers.groupId, groupId), eq(duplicateGroupMembers.number, write.originalNumber)));
    if (write.members.length > 0) {
      await tx
        .insert(duplicateGroupMembers)
        .values(
          write.members.map((m) => ({
            groupId,
            organisationId: target.organisationId,
            number: m.number,
            confidence: m.confidence,
            fields: m.fields,
          })),
        )
        .onConflictDoUpdate({
          target: [duplicateGroupMembers.groupId, duplicateGroupMembers.number],
          set: { confidence: sql`excluded.confidence`, fields: sql`excluded.fields` },
        });
    }
    await recount(tx, groupId);
    return true;
  });
}

/** The amounts (incl. VAT, öre) of documents of a resource in the club account's mirror. */
export async function amountsOf(
  conn: Db | Tx,
  clubAccountId: string,
  resource: DuplicateResource,
  numbers: readonly string[],
): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map();
  const rows =
    resource === 'invoice'
      ? await conn
          .select({ number: invoices.number, amount: invoices.totalOre })
          .from(invoices)
          .where(and(eq(invoices.clubAccountId, clubAccountId), inArray(invoices.number, [...numbers])))
      : await conn
          .select({ number: accountingDocuments.number, amount: accountingDocuments.amountOre })
          .from(accountingDocuments)
          .where(
            and(
              eq(accountingDocuments.clubAccountId, clubAccountId),
              eq(accountingDocuments.resource, resource),
              inArray(accountingDocuments.number, [...numbers]),
            ),
          );
  return new Map(rows.map((r) => [r.number, r.amount]));
}

/** The open duplicates' count and amount at stake (absolute, öre) of a group, written on the group. */
export async function recount(conn: Db | Tx, groupId: string): Promise<{ open: number }> {
  const [group] = await conn.select().from(duplicateGroups).where(eq(duplicateGroups.id, groupId));
  if (!group) return { open: 0 };
  const members = await conn
    .select({ number: duplicateGroupMembers.number, state: duplicateGroupMembers.state })
    .from(duplicateGroupMembers)
    .where(eq(duplicateGroupMembers.groupId, groupId));
  const open = members.filter((m) => m.state === 'open').map((m) => m.number);
  const amounts = await amountsOf(conn, group.clubAccountId, group.resource, open);
  await conn
    .update(duplicateGroups)
    .set({
      duplicateCount: open.length,
      amountAtStakeOre: open.reduce((sum, n) => sum + Math.abs(amounts.get(n) ?? 0), 0),
    })
    .where(eq(duplicateGroups.id, groupId));
  return { open: open.length };
}
