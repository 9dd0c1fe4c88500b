import type { Billing, BillingDetails, UpdateBillingDetailsBody } from '@fairway/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organisations } from '../organizations/organizations.tables';
import type { Tenant } from '../organizations/tenant';
import { toBilling } from './billings.service';
import { billings } from './billings.tables';

type Conn = Db | Tx;

export async function listBillings(
  conn: Conn,
  tenant: Tenant,
  page: number,
  pageSize: number,
): Promise<{ items: Billing[]; total: number }> {
  const where = eq(billings.organisationId, tenant.organisationId);
  const [rows, [totalRow]] = await Promise.all([
    conn
      .select()
      .from(billings)
      .where(where)
      .orderBy(desc(billings.invoiceDate), desc(billings.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    conn.select({ n: count() }).from(billings).where(where),
  ]);
  return { items: rows.map(toBilling), total: totalRow?.n ?? 0 };
}

export async function findBilling(conn: Conn, tenant: Tenant, id: string): Promise<Billing | null> {
  const [row] = await conn
    .select()
    .from(billings)
    .where(and(eq(billings.organisationId, tenant.organisationId), eq(billings.id, id)))
    .limit(1);
  return row ? toBilling(row) : null;
}

export async function findBillingDetails(conn: Conn, tenant: Tenant): Promise<BillingDetails | null> {
  const [row] = await conn
    .select({
      name: organisations.name,
      customerNumber: organisations.customerNumber,
      organisationNumber: organisations.organisationNumber,
      invoiceAddress: organisations.invoiceAddress,
      city: organisations.city,
      zipCode: organisations.zipCode,
      country: organisations.country,
      billingEmail: organisations.billingEmail,
    })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId))
    .limit(1);
  return row ?? null;
}

export async function updateBillingDetails(conn: Conn, tenant: Tenant, body: UpdateBillingDetailsBody): Promise<void> {
  await conn
    .update(organisations)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(organisations.id, tenant.organisationId));
}
