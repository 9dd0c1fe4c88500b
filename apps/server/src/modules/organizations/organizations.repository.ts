import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { asSystem } from '../../db/tenant-context';
import { likePattern } from '../../lib/sql';
import { roles } from '../permissions/permissions.tables';
import { memberships, users } from '../users/users.tables';
import { clubAccounts, organisations } from './organizations.tables';
import type { Tenant } from './tenant';

export interface MemberOrganisationRow {
  id: string;
  name: string;
  organisationNumber: string | null;
  customerNumber: string;
  role: string;
}

/**
 * The organisations a user is an active member of. Scoped by the user rather than a tenant:
 * this is the one list that spans tenants, and only ever the caller's own memberships. So it runs
 * as system work (db/tenant-context.ts); it takes the Db, not a transaction, which would keep the
 * organisation it started with.
 */
export function listMemberOrganisations(
  db: Db,
  self: { userId: string },
  query: { page: number; pageSize: number; search?: string },
): Promise<{ rows: MemberOrganisationRow[]; total: number }> {
  return asSystem(() => memberOrganisations(db, self, query));
}

async function memberOrganisations(
  conn: Db,
  self: { userId: string },
  query: { page: number; pageSize: number; search?: string },
): Promise<{ rows: MemberOrganisationRow[]; total: number }> {
  const filters: SQL[] = [eq(memberships.userId, self.userId), eq(memberships.status, 'active')];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(organisations.name, pattern),
        ilike(organisations.organisationNumber, pattern),
        ilike(organisations.customerNumber, pattern),
      ) as SQL,
    );
  }
  const where = and(...filters);
  const [totalRow] = await conn
    .select({ total: count() })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(where);
  const rows = await conn
    .select({
      id: organisations.id,
      name: organisations.name,
      organisationNumber: organisations.organisationNumber,
      customerNumber: organisations.customerNumber,
      role: roles.name,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(where)
    .orderBy(asc(sql`lower(${organisations.name})`), asc(organisations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findOrganisationSettings(
  conn: Db | Tx,
  tenant: { organisationId: string },
): Promise<{ accountingProgram: string } | null> {
  const [row] = await conn
    .select({ accountingProgram: organisations.accountingProgram })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId))
    .limit(1);
  return row ?? null;
}

export interface RequesterContext {
  organisationName: string;
  customerNumber: string;
  userName: string;
  userEmail: string;
  clubAccountName: string | null;
}

/**
 * Who is asking, for the mails to our support team: the organisation, its customer number, the
 * user and the club account in use (null when none, or another organisation's). Null when the
 * organisation or user is gone.
 */
export async function requesterContextOf(
  conn: Db | Tx,
  caller: { organisationId: string; userId: string; clubAccountId: string | null },
): Promise<RequesterContext | null> {
  const [context] = await conn
    .select({
      organisationName: organisations.name,
      customerNumber: organisations.customerNumber,
      userName: users.name,
      userEmail: users.email,
      clubAccountName: clubAccounts.name,
    })
    .from(organisations)
    .innerJoin(users, eq(users.id, caller.userId))
    .leftJoin(
      clubAccounts,
      and(eq(clubAccounts.id, caller.clubAccountId ?? sql`null`), eq(clubAccounts.organisationId, organisations.id)),
    )
    .where(eq(organisations.id, caller.organisationId));
  return context ?? null;
}

/** The organisation's id and name, or null when it is gone. */
export async function findOrganisationRef(conn: Db | Tx, tenant: Tenant): Promise<{ id: string; name: string } | null> {
  const [row] = await conn
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId));
  return row ?? null;
}

/** A new organisation; its customer number is the caller's (an existing customer's, or `nextCustomerNumber`). */
export async function insertOrganisation(
  conn: Db | Tx,
  values: {
    name: string;
    packageId: string;
    accountingProgram: string;
    golfClubId: string | null;
    organisationNumber: string | null;
    customerNumber: string;
  },
): Promise<{ id: string; customerNumber: string }> {
  const [row] = await conn
    .insert(organisations)
    .values(values)
    .returning({ id: organisations.id, customerNumber: organisations.customerNumber });
  if (!row) throw new Error('organisations insert returned no row');
  return row;
}

export async function insertClubAccount(
  conn: Db | Tx,
  tenant: Tenant,
  values: { name: string; organisationNumber: string | null; accountingProgram: string },
): Promise<string> {
  const [row] = await conn
    .insert(clubAccounts)
    .values({ organisationId: tenant.organisationId, ...values })
    .returning({ id: clubAccounts.id });
  if (!row) throw new Error('club_accounts insert returned no row');
  return row.id;
}

/** The sequence's next customer number (an existing customer may already hold it). */
export async function nextCustomerNumber(conn: Db | Tx): Promise<string | null> {
  const result = await conn.execute<{ n: string }>(sql`SELECT nextval('organisation_customer_number_seq')::text AS n`);
  return (result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? null;
}

/** True when an organisation already holds the customer number (existing-customer signup). */
export async function customerNumberInUse(conn: Db | Tx, customerNumber: string): Promise<boolean> {
  const rows = await conn
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.customerNumber, customerNumber))
    .limit(1);
  return rows.length > 0;
}
