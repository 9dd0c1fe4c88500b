import type { Billing, BillingDetails, UpdateBillingDetailsBody } from '@fairway/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { organisations } from '../organizations/organizations.tables';
import type { Tenant } from '../organizations/tenant';
import { billings } from './billings.tables';

type Conn = Db | Tx;

export type BillingRow = typeof billings.$inferSelect;

export function toBilling(row: BillingRow): Billing {
  return {
    id: row.id,
    number: row.number,
    ocr: row.ocr,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    status: row.status,
    lines: row.lines,
    subtotalOre: row.subtotalOre,
    vatOre: row.vatOre,
    totalOre: row.totalOre,
  };
}

/** The next invoice number of our billings (one sequence for every organisation). */
export async function nextBillingNumber(conn: Conn): Promise<string> {
  const result = await conn.execute<{ n: string }>(sql`SELECT nextval('billing_number_seq')::text AS n`);
  const number = (result as unknown as { rows: { n: string }[] }).rows[0]?.n;
  if (!number) throw new Error('billing_number_seq gave no value');
  return number;
}

export async function insertBilling(
  conn: Conn,
  tenant: Tenant,
  values: Omit<typeof billings.$inferInsert, 'id' | 'organisationId'>,
): Promise<BillingRow> {
  const [row] = await conn
    .insert(billings)
    .values({ organisationId: tenant.organisationId, ...values })
    .returning();
  if (!row) throw new Error('billings insert returned no row');
  return row;
}

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

/** Whether the organisation has been billed before (its first billing is told apart). */
export async function hasBillings(conn: Db | Tx, tenant: Tenant): Promise<boolean> {
  const rows = await conn
    .select({ id: billings.id })
    .from(billings)
    .where(eq(billings.organisationId, tenant.organisationId))
    .limit(1);
  return rows.length > 0;
}

/**
 * The number of the organisation's billing `billingId` names, or null (none yet), as a subquery
 * correlated with the enclosing query (the support hours a billing charged, modules/support).
 */
export const billingNumberOf = (billingId: PgColumn, organisationId: string) =>
  sql<string | null>`(select ${billings.number} from ${billings} where ${and(
    eq(billings.id, billingId),
    eq(billings.organisationId, organisationId),
  )})`;
