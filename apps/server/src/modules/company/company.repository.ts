import type { Company } from '@fairway/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import type { Tenant } from '../organizations/tenant';

type Conn = Db | Tx;

/** The tenant's own organisation with its club accounts; there is no way to name another. */
export async function findCompany(conn: Conn, tenant: Tenant): Promise<Company | null> {
  const [org] = await conn
    .select({
      id: organisations.id,
      organisationNumber: organisations.organisationNumber,
      name: organisations.name,
      customerNumber: organisations.customerNumber,
      invoiceAddress: organisations.invoiceAddress,
      city: organisations.city,
      zipCode: organisations.zipCode,
      country: organisations.country,
      billingEmail: organisations.billingEmail,
      packageId: organisations.packageId,
      accountingProgram: organisations.accountingProgram,
    })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId))
    .limit(1);
  if (!org) return null;
  const accounts = await conn
    .select({ id: clubAccounts.id, name: clubAccounts.name, organisationNumber: clubAccounts.organisationNumber })
    .from(clubAccounts)
    .where(eq(clubAccounts.organisationId, tenant.organisationId))
    .orderBy(asc(clubAccounts.createdAt), asc(clubAccounts.name));
  return { ...org, clubAccounts: accounts };
}

export interface CompanyChanges {
  name?: string;
  organisationNumber?: string;
  invoiceAddress?: string | null;
  city?: string | null;
  zipCode?: string | null;
  country?: string | null;
  billingEmail?: string;
}

export async function updateCompany(conn: Conn, tenant: Tenant, changes: CompanyChanges): Promise<boolean> {
  const rows = await conn
    .update(organisations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(organisations.id, tenant.organisationId))
    .returning({ id: organisations.id });
  return rows.length > 0;
}
