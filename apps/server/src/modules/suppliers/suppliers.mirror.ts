import { isDeepStrictEqual } from 'node:util';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { AccSupplier } from '../../providers/accounting/provider';
import {
  type ListItemWrite,
  type MirrorTarget,
  mirrorTableUpkeep,
  storedDocuments,
  summaryToStore,
  timestampOf,
  upsertMirror,
} from '../accounting/mirror/mirror';
import { suppliers } from './suppliers.tables';

/** The supplier as stored: the program's, and when it was last read whole (docs/duplicates.md#mirror). */
type StoredSupplier = AccSupplier & { readInFullAt?: string | null };

function supplierRow(target: MirrorTarget, s: StoredSupplier): typeof suppliers.$inferInsert {
  return {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    number: s.number,
    name: s.name,
    organisationNumber: s.organisationNumber,
    email: s.email,
    phone: s.phone,
    city: s.address.city,
    bankgiro: s.bankgiro,
    plusgiro: s.plusgiro,
    active: s.active,
    data: s as unknown as Record<string, unknown>,
    providerModifiedAt: timestampOf(s.modifiedAt),
  };
}

const MIRRORED = [
  'name',
  'organisationNumber',
  'email',
  'phone',
  'city',
  'bankgiro',
  'plusgiro',
  'active',
  'data',
  'providerModifiedAt',
] as const;

const withoutStamp = ({ readInFullAt: _r, modifiedAt: _m, ...rest }: StoredSupplier) => rest;

/**
 * Writes suppliers read from the accounting program into the mirror (docs/duplicates.md#mirror).
 * A whole read (or a list whose items leave nothing out) replaces the stored supplier and stamps
 * `data.readInFullAt`; a list item is merged into it, the fields the program's list items leave out
 * (`list.omits`) kept as stored, and keeps the stamp only when nothing it carries changed: otherwise
 * the supplier is read whole again after the lists (refresh/whole-reads.ts).
 */
export async function mirrorSuppliers(
  conn: Db | Tx,
  target: MirrorTarget,
  items: AccSupplier[],
  whole = false,
  list: ListItemWrite<AccSupplier> = { omits: [] },
): Promise<number> {
  const stored = await storedDocuments(
    conn,
    suppliers,
    target,
    items.map((s) => s.number),
  );
  const now = new Date().toISOString();
  const complete = whole || list.omits.length === 0;
  const docs = items.map((s): StoredSupplier => {
    if (complete) return { ...s, readInFullAt: now };
    const before = stored.get(s.number) as StoredSupplier | undefined;
    const merged: StoredSupplier = summaryToStore(before, s, list.omits);
    const unchanged = before !== undefined && !list.changedOnly && isDeepStrictEqual(withoutStamp(before), withoutStamp(merged));
    return { ...merged, readInFullAt: unchanged ? (before?.readInFullAt ?? null) : null };
  });
  return upsertMirror(
    conn,
    suppliers,
    docs.map((s) => supplierRow(target, s)),
    MIRRORED,
  );
}

/** Up to `limit` suppliers held only as list items, or changed since their whole read, in number order. */
export async function suppliersAwaitingWholeRead(
  conn: Db | Tx,
  target: MirrorTarget,
  limit: number,
  after: string | null,
): Promise<string[]> {
  if (limit <= 0) return [];
  const conditions: SQL[] = [eq(suppliers.clubAccountId, target.clubAccountId), isNull(sql`${suppliers.data}->>'readInFullAt'`)];
  if (after !== null) conditions.push(gt(suppliers.number, after));
  const rows = await conn
    .select({ number: suppliers.number })
    .from(suppliers)
    .where(and(...conditions))
    .orderBy(suppliers.number)
    .limit(limit);
  return rows.map((r) => r.number);
}

/** The supplier mirror's upkeep in a refresh: a full read prunes the suppliers the program no longer has. */
export const suppliersMirrorTable = mirrorTableUpkeep(suppliers, { pruned: true });
