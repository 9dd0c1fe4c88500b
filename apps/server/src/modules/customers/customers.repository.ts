import type { CustomerSort, CustomersListFilter } from '@fairway/shared';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import { type AccountingCaller, teamCondition } from '../accounting/access';
import { type PageRequest, pageOf } from '../accounting/mirror/list';
import { findMirrored, type MirrorTarget } from '../accounting/mirror/mirror';
import { type CustomerPortalFields, customers } from './customers.tables';

export type CustomerRecord = typeof customers.$inferSelect;

const SORT_COLUMNS: Record<CustomerSort, PgColumn> = {
  number: customers.number,
  name: customers.name,
  type: customers.type,
  city: customers.city,
  organisationNumber: customers.organisationNumber,
};

/** Where a caller may look: the club account in use, and the team rule (docs/permissions.md#team-rules). */
function scope(caller: AccountingCaller, target: MirrorTarget): SQL[] {
  const conditions: SQL[] = [
    eq(customers.organisationId, target.organisationId),
    eq(customers.clubAccountId, target.clubAccountId),
  ];
  const team = teamCondition(caller, 'onlyTeamCustomers', customers.createdBy);
  if (team) conditions.push(team);
  return conditions;
}

function filterOf(
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: Omit<CustomersListFilter, 'page' | 'pageSize'>,
): SQL | undefined {
  const conditions = scope(caller, target);
  if (filter.status !== 'all') conditions.push(eq(customers.active, filter.status === 'active'));
  if (filter.type !== 'all') conditions.push(eq(customers.type, filter.type));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.number, pattern),
        ilike(customers.email, pattern),
        ilike(customers.organisationNumber, pattern),
        ilike(customers.city, pattern),
      ) as SQL,
    );
  }
  return and(...conditions);
}

const rowColumns = {
  id: customers.id,
  number: customers.number,
  name: customers.name,
  type: customers.type,
  organisationNumber: customers.organisationNumber,
  email: customers.email,
  phone: customers.phone,
  city: customers.city,
  active: customers.active,
  readInFullAt: customers.readInFullAt,
};
export type CustomerListRow = { [K in keyof typeof rowColumns]: (typeof customers.$inferSelect)[K] };

export function listCustomers(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: CustomersListFilter,
  page: PageRequest,
) {
  return pageOf<typeof customers, CustomerListRow>(
    conn,
    customers,
    rowColumns,
    filterOf(caller, target, filter),
    { column: SORT_COLUMNS[filter.sort ?? 'number'], direction: filter.order, tiebreak: customers.number },
    page,
  );
}

/** Every customer of the filter, for an export (capped: an export is a list, not a backup). */
export async function allCustomers(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  filter: Omit<CustomersListFilter, 'page' | 'pageSize'>,
  limit: number,
): Promise<CustomerRecord[]> {
  return conn
    .select()
    .from(customers)
    .where(filterOf(caller, target, filter))
    .orderBy(asc(customers.number))
    .limit(limit);
}

export async function findCustomer(
  conn: Db | Tx,
  caller: AccountingCaller,
  target: MirrorTarget,
  id: string,
): Promise<CustomerRecord | null> {
  const [row] = await conn
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), ...scope(caller, target)));
  return row ?? null;
}

/** The customer a portal request created (our reference on it), if it has been mirrored. */
export function findCustomerByExternalRef(
  conn: Db | Tx,
  target: MirrorTarget,
  externalRef: string,
): Promise<CustomerRecord | null> {
  return findMirrored(conn, customers, target, { externalRef });
}

/**
 * Drops a customer the program no longer has from the mirror (as a full refresh would), so that a
 * look-up by its reference does not answer it again.
 */
export async function forgetMirroredCustomer(conn: Db | Tx, target: MirrorTarget, number: string): Promise<void> {
  await conn
    .delete(customers)
    .where(
      and(
        eq(customers.organisationId, target.organisationId),
        eq(customers.clubAccountId, target.clubAccountId),
        eq(customers.number, number),
      ),
    );
}

export function findCustomerByNumber(conn: Db | Tx, target: MirrorTarget, number: string): Promise<CustomerRecord | null> {
  return findMirrored(conn, customers, target, { number });
}

/** The quick lookup: by number prefix or name, active first, at most `limit`. */
export async function searchCustomers(conn: Db | Tx, caller: AccountingCaller, target: MirrorTarget, q: string, limit: number) {
  const pattern = likePattern(q);
  return conn
    .select({ id: customers.id, number: customers.number, name: customers.name })
    .from(customers)
    .where(
      and(
        ...scope(caller, target),
        q
          ? (or(ilike(customers.name, pattern), ilike(customers.number, `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) as SQL)
          : undefined,
      ),
    )
    .orderBy(sql`${customers.active} desc`, asc(customers.name))
    .limit(limit);
}

export async function savePortalFields(
  conn: Db | Tx,
  target: MirrorTarget,
  number: string,
  fields: CustomerPortalFields,
): Promise<void> {
  await conn
    .update(customers)
    .set({ portalFields: fields })
    .where(and(eq(customers.clubAccountId, target.clubAccountId), eq(customers.number, number)));
}

/**
 * Where the receipts of the customer `customerNumber` names are e-mailed (docs/receipts.md): its
 * invoice e-mail, else its e-mail; a subquery correlated with the enclosing query.
 */
export const receiptEmailOf = (clubAccountId: PgColumn, customerNumber: PgColumn) =>
  sql<
    string | null
  >`(select coalesce(nullif(${customers.data}->>'emailInvoice', ''), nullif(${customers.email}, '')) from ${customers} where ${and(
    eq(customers.clubAccountId, clubAccountId),
    eq(customers.number, customerNumber),
  )})`;
