import type { SupplierSort, SuppliersListFilter } from '@fairway/shared';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { type PageRequest, pageOf } from '../accounting/mirror/list';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { suppliers } from './suppliers.tables';

export type SupplierRecord = typeof suppliers.$inferSelect;

const SORT_COLUMNS: Record<SupplierSort, PgColumn> = {
  number: suppliers.number,
  name: suppliers.name,
  city: suppliers.city,
  organisationNumber: suppliers.organisationNumber,
};

/** The club account in use: every supplier query is held to it. */
const scope = (target: MirrorTarget): SQL[] => [
  eq(suppliers.organisationId, target.organisationId),
  eq(suppliers.clubAccountId, target.clubAccountId),
];

function filterOf(target: MirrorTarget, filter: SuppliersListFilter): SQL | undefined {
  const conditions = scope(target);
  if (filter.status !== 'all') conditions.push(eq(suppliers.active, filter.status === 'active'));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(suppliers.name, pattern),
        ilike(suppliers.number, pattern),
        ilike(suppliers.organisationNumber, pattern),
        ilike(suppliers.city, pattern),
        ilike(suppliers.email, pattern),
        ilike(suppliers.bankgiro, pattern),
      ) as SQL,
    );
  }
  return and(...conditions);
}

const rowColumns = {
  id: suppliers.id,
  number: suppliers.number,
  name: suppliers.name,
  organisationNumber: suppliers.organisationNumber,
  email: suppliers.email,
  phone: suppliers.phone,
  city: suppliers.city,
  bankgiro: suppliers.bankgiro,
  plusgiro: suppliers.plusgiro,
  active: suppliers.active,
};
export type SupplierListRow = { [K in keyof typeof rowColumns]: SupplierRecord[K] };

export function listSuppliers(conn: Db | Tx, target: MirrorTarget, filter: SuppliersListFilter, page: PageRequest) {
  return pageOf<typeof suppliers, SupplierListRow>(
    conn,
    suppliers,
    rowColumns,
    filterOf(target, filter),
    { column: SORT_COLUMNS[filter.sort ?? 'number'], direction: filter.order, tiebreak: suppliers.number },
    page,
  );
}

export async function findSupplier(conn: Db | Tx, target: MirrorTarget, id: string): Promise<SupplierRecord | null> {
  const [row] = await conn
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), ...scope(target)));
  return row ?? null;
}
