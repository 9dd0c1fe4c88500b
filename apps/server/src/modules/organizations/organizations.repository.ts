import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { roles } from '../permissions/permissions.schema';
import { likePattern } from '../users/users.repository';
import { memberships } from '../users/users.schema';
import { organisations } from './organizations.schema';

export interface MemberOrganisationRow {
  id: string;
  name: string;
  organisationNumber: string | null;
  customerNumber: string;
  role: string;
}

/**
 * The organisations a user is an active member of. Scoped by the user rather than a tenant:
 * this is the one list that spans tenants, and only ever the caller's own memberships.
 */
export async function listMemberOrganisations(
  conn: Db | Tx,
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
