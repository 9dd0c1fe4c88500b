import type { PaymentPlan, SubscriptionRequest } from '@fairway/shared';
import { and, asc, count, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { asSystemIn } from '../../db/tenant-context';
import { countConnectedClubAccounts } from '../accounting/connection/connections.repository';
import { findPackage, type PackageRow, packageSortOrderOf } from '../landing/landing.repository';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import type { Tenant } from '../organizations/tenant';
import { memberships, userClubAccounts, users } from '../users/users.tables';
import { productModules, smsPlans, subscriptionRequests, subscriptions, subscriptionUsage } from './subscriptions.tables';

type Conn = Db | Tx;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SmsPlanRow = typeof smsPlans.$inferSelect;
export type RequestRow = typeof subscriptionRequests.$inferSelect;

export async function listSmsPlans(conn: Conn): Promise<SmsPlanRow[]> {
  return conn.select().from(smsPlans).orderBy(asc(smsPlans.sortOrder));
}

export async function findSmsPlan(conn: Conn, id: string): Promise<SmsPlanRow | null> {
  const [row] = await conn.select().from(smsPlans).where(eq(smsPlans.id, id)).limit(1);
  return row ?? null;
}

export async function listModules(conn: Conn) {
  return conn
    .select({
      id: productModules.id,
      name: productModules.name,
      includedFromPackageId: productModules.includedFromPackageId,
      sortOrder: productModules.sortOrder,
      packageOrder: packageSortOrderOf(productModules.includedFromPackageId),
    })
    .from(productModules)
    .orderBy(asc(productModules.sortOrder));
}

/** Serialises subscription changes of one organisation (and the users limit, which locks the same row). */
export async function lockOrganisationRow(tx: Tx, organisationId: string): Promise<boolean> {
  const result = await tx.execute(sql`select id from ${organisations} where id = ${organisationId} for update`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function findSubscription(conn: Conn, tenant: Tenant): Promise<SubscriptionRow | null> {
  const [row] = await conn.select().from(subscriptions).where(eq(subscriptions.organisationId, tenant.organisationId)).limit(1);
  return row ?? null;
}

/** The name of the organisation's SMS plan, if it has one (the integrations page). */
export async function smsPlanNameOf(conn: Conn, organisationId: string): Promise<string | null> {
  const [row] = await conn
    .select({ name: smsPlans.name })
    .from(subscriptions)
    .innerJoin(smsPlans, eq(smsPlans.id, subscriptions.smsPlanId))
    .where(eq(subscriptions.organisationId, organisationId));
  return row?.name ?? null;
}

/** The SMS a month the organisation's SMS plan allows; 0 without a plan. */
export async function smsPerMonthOf(conn: Conn, organisationId: string): Promise<number> {
  const [row] = await conn
    .select({ smsPerMonth: smsPlans.smsPerMonth })
    .from(subscriptions)
    .innerJoin(smsPlans, eq(smsPlans.id, subscriptions.smsPlanId))
    .where(eq(subscriptions.organisationId, organisationId));
  return row?.smsPerMonth ?? 0;
}

/** The organisation's package (the landing module keeps the packages). */
export async function findOrganisationPackage(conn: Conn, tenant: Tenant): Promise<PackageRow | null> {
  const [row] = await conn
    .select({ packageId: organisations.packageId })
    .from(organisations)
    .where(eq(organisations.id, tenant.organisationId))
    .limit(1);
  return row?.packageId ? findPackage(conn, row.packageId) : null;
}

export async function setOrganisationPackage(conn: Conn, tenant: Tenant, packageId: string): Promise<void> {
  await conn.update(organisations).set({ packageId, updatedAt: new Date() }).where(eq(organisations.id, tenant.organisationId));
}

export async function updateSubscription(
  conn: Conn,
  tenant: Tenant,
  changes: Partial<
    Pick<
      SubscriptionRow,
      'paymentPlan' | 'smsPlanId' | 'duplicateTierId' | 'startDate' | 'endDate' | 'nextBillingDate' | 'status'
    >
  >,
): Promise<void> {
  await conn
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subscriptions.organisationId, tenant.organisationId));
}

export async function insertSubscription(
  conn: Conn,
  values: {
    organisationId: string;
    paymentPlan: PaymentPlan;
    duplicateTierId?: string | null;
    startDate: string;
    endDate: string;
    nextBillingDate: string;
  },
): Promise<SubscriptionRow> {
  const [row] = await conn.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscriptions insert returned no row');
  return row;
}

export async function listAllSubscriptionOrganisations(conn: Conn): Promise<string[]> {
  const rows = await conn
    .select({ organisationId: subscriptions.organisationId })
    .from(subscriptions)
    .where(eq(subscriptions.status, 'active'));
  return rows.map((r) => r.organisationId);
}

const requestColumns = {
  id: subscriptionRequests.id,
  type: subscriptionRequests.type,
  status: subscriptionRequests.status,
  targetPackageId: subscriptionRequests.targetPackageId,
  targetTierId: subscriptionRequests.targetTierId,
  paymentPlan: subscriptionRequests.paymentPlan,
  reason: subscriptionRequests.reason,
  comment: subscriptionRequests.comment,
  effectiveOn: subscriptionRequests.effectiveOn,
  requestedByName: users.name,
  createdAt: subscriptionRequests.createdAt,
};

export async function listPendingRequests(conn: Conn, tenant: Tenant): Promise<SubscriptionRequest[]> {
  const rows = await conn
    .select(requestColumns)
    .from(subscriptionRequests)
    .leftJoin(users, eq(users.id, subscriptionRequests.requestedBy))
    .where(and(eq(subscriptionRequests.organisationId, tenant.organisationId), eq(subscriptionRequests.status, 'pending')))
    .orderBy(asc(subscriptionRequests.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function findRequest(conn: Conn, tenant: Tenant, id: string): Promise<SubscriptionRequest | null> {
  const [row] = await conn
    .select(requestColumns)
    .from(subscriptionRequests)
    .leftJoin(users, eq(users.id, subscriptionRequests.requestedBy))
    .where(and(eq(subscriptionRequests.organisationId, tenant.organisationId), eq(subscriptionRequests.id, id)))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

export async function dueRequests(conn: Conn, tenant: Tenant, today: string): Promise<RequestRow[]> {
  return conn
    .select()
    .from(subscriptionRequests)
    .where(
      and(
        eq(subscriptionRequests.organisationId, tenant.organisationId),
        eq(subscriptionRequests.status, 'pending'),
        lte(subscriptionRequests.effectiveOn, today),
      ),
    )
    .orderBy(asc(subscriptionRequests.createdAt));
}

export async function insertRequest(
  conn: Conn,
  values: Omit<typeof subscriptionRequests.$inferInsert, 'id' | 'status' | 'createdAt' | 'decidedAt'>,
): Promise<string> {
  const [row] = await conn.insert(subscriptionRequests).values(values).returning({ id: subscriptionRequests.id });
  if (!row) throw new Error('subscription_requests insert returned no row');
  return row.id;
}

export async function decideRequest(conn: Conn, id: string, status: 'approved' | 'rejected'): Promise<void> {
  await conn.update(subscriptionRequests).set({ status, decidedAt: new Date() }).where(eq(subscriptionRequests.id, id));
}

export async function countMemberships(conn: Conn, tenant: Tenant): Promise<number> {
  const [row] = await conn.select({ n: count() }).from(memberships).where(eq(memberships.organisationId, tenant.organisationId));
  return row?.n ?? 0;
}

export async function countClubAccounts(conn: Conn, tenant: Tenant): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(clubAccounts)
    .where(eq(clubAccounts.organisationId, tenant.organisationId));
  return row?.n ?? 0;
}

export async function memberUserIds(conn: Conn, tenant: Tenant): Promise<string[]> {
  const rows = await conn
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organisationId, tenant.organisationId));
  return rows.map((r) => r.userId);
}

export async function clubAccountIds(conn: Conn, tenant: Tenant): Promise<string[]> {
  const rows = await conn
    .select({ id: clubAccounts.id })
    .from(clubAccounts)
    .where(eq(clubAccounts.organisationId, tenant.organisationId));
  return rows.map((r) => r.id);
}

/** Removes the memberships (and club-account reach) of the users not kept; the users stay if they belong elsewhere. */
export async function removeMembersExcept(tx: Tx, tenant: Tenant, keep: readonly string[]): Promise<string[]> {
  const removed = await tx
    .delete(memberships)
    .where(and(eq(memberships.organisationId, tenant.organisationId), notInArray(memberships.userId, [...keep])))
    .returning({ userId: memberships.userId });
  const ids = removed.map((r) => r.userId);
  if (ids.length > 0) {
    await tx
      .delete(userClubAccounts)
      .where(and(eq(userClubAccounts.organisationId, tenant.organisationId), inArray(userClubAccounts.userId, ids)));
    await tx
      .update(users)
      .set({ currentOrganisationId: null, currentClubAccountId: null })
      .where(and(inArray(users.id, ids), eq(users.currentOrganisationId, tenant.organisationId)));
    await deleteUsersWithoutOrganisation(tx, ids);
  }
  return ids;
}

export async function removeClubAccountsExcept(tx: Tx, tenant: Tenant, keep: readonly string[]): Promise<string[]> {
  const removed = await tx
    .delete(clubAccounts)
    .where(and(eq(clubAccounts.organisationId, tenant.organisationId), notInArray(clubAccounts.id, [...keep])))
    .returning({ id: clubAccounts.id });
  return removed.map((r) => r.id);
}

/**
 * People whose last organisation went away: their accounts hold personal data and nothing else.
 * Whether someone belongs elsewhere is asked past the organisation's row-level security: seen
 * from inside it, everyone would look left without one.
 */
export async function deleteUsersWithoutOrganisation(tx: Tx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await asSystemIn(tx, () =>
    tx.execute(
      sql`delete from ${users} u where u.id in (${sql.join(
        userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and not exists (select 1 from ${memberships} m where m.user_id = u.id)`,
    ),
  );
}

/** Cancellation after the end date (docs/subscriptions.md#changes): the organisation and, by cascade, all its data. */
export async function deleteOrganisation(tx: Tx, tenant: Tenant): Promise<void> {
  const userIds = await memberUserIds(tx, tenant);
  await tx.delete(organisations).where(eq(organisations.id, tenant.organisationId));
  await deleteUsersWithoutOrganisation(tx, userIds);
}

export async function usageOf(
  conn: Conn,
  tenant: Tenant,
  month: string,
): Promise<{ invoices: number; sms: number; duplicateDocuments: number }> {
  const [row] = await conn
    .select({
      invoices: subscriptionUsage.invoices,
      sms: subscriptionUsage.sms,
      duplicateDocuments: subscriptionUsage.duplicateDocuments,
    })
    .from(subscriptionUsage)
    .where(and(eq(subscriptionUsage.organisationId, tenant.organisationId), eq(subscriptionUsage.month, month)))
    .limit(1);
  return row ?? { invoices: 0, sms: 0, duplicateDocuments: 0 };
}

export async function addUsage(
  conn: Conn,
  tenant: Tenant,
  month: string,
  add: { invoices?: number; sms?: number; duplicateDocuments?: number },
): Promise<void> {
  const invoices = add.invoices ?? 0;
  const sms = add.sms ?? 0;
  const duplicateDocuments = add.duplicateDocuments ?? 0;
  await conn
    .insert(subscriptionUsage)
    .values({ organisationId: tenant.organisationId, month, invoices, sms, duplicateDocuments })
    .onConflictDoUpdate({
      target: [subscriptionUsage.organisationId, subscriptionUsage.month],
      set: {
        invoices: sql`${subscriptionUsage.invoices} + ${invoices}`,
        sms: sql`${subscriptionUsage.sms} + ${sms}`,
        duplicateDocuments: sql`${subscriptionUsage.duplicateDocuments} + ${duplicateDocuments}`,
      },
    });
}

/**
 * Adds `count` to one of the month's counters (invoices, SMS segments, duplicate-scanned documents) only if that keeps it
 * within `limit`, in one statement (the row lock of the upsert orders concurrent callers). The
 * counter after the addition, or null when it would pass the limit (nothing changed).
 */
export async function addUsageWithin(
  conn: Conn,
  tenant: Tenant,
  month: string,
  counter: 'invoices' | 'sms' | 'duplicateDocuments',
  count: number,
  limit: number,
): Promise<number | null> {
  if (count > limit) return null;
  const column = subscriptionUsage[counter];
  const [row] = await conn
    .insert(subscriptionUsage)
    .values({ organisationId: tenant.organisationId, month, invoices: 0, sms: 0, duplicateDocuments: 0, [counter]: count })
    .onConflictDoUpdate({
      target: [subscriptionUsage.organisationId, subscriptionUsage.month],
      set: { [counter]: sql`${column} + excluded.${sql.identifier(column.name)}` },
      setWhere: sql`${column} + excluded.${sql.identifier(column.name)} <= ${limit}`,
    })
    .returning({ value: column });
  return row?.value ?? null;
}

/** Dubbelkoll's "connected companies" (the accounting connection's repository counts them). */
export const countConnectedCompanies = countConnectedClubAccounts;
