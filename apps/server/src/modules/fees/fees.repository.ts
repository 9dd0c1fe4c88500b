import type { FeeRulesListQuery, FeesListQuery, FeeTypesListQuery } from '@fairway/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { AccountTenant } from '../configurations/configurations.repository';
import { clearFeeRule } from '../members/members.repository';
import { clubAccounts } from '../organizations/organizations.tables';
import { feeRuleFees, feeRules, fees, feeTypes } from './fees.tables';

export type { AccountTenant };

type Conn = Db | Tx;

export type FeeTypeRow = typeof feeTypes.$inferSelect;
export type FeeRow = typeof fees.$inferSelect;
export type FeeRuleRow = typeof feeRules.$inferSelect;

type Stamped = 'id' | 'organisationId' | 'clubAccountId' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy';
export type FeeTypeValues = Omit<typeof feeTypes.$inferInsert, Stamped>;
export type FeeValues = Omit<typeof fees.$inferInsert, Stamped>;
export type FeeRuleValues = Omit<typeof feeRules.$inferInsert, Stamped>;

const typeOf = (tenant: AccountTenant) =>
  and(eq(feeTypes.organisationId, tenant.organisationId), eq(feeTypes.clubAccountId, tenant.clubAccountId)) as SQL;
const feeOf = (tenant: AccountTenant) =>
  and(eq(fees.organisationId, tenant.organisationId), eq(fees.clubAccountId, tenant.clubAccountId)) as SQL;
const ruleOf = (tenant: AccountTenant) =>
  and(eq(feeRules.organisationId, tenant.organisationId), eq(feeRules.clubAccountId, tenant.clubAccountId)) as SQL;

// Outer columns are written out with their table: Drizzle leaves the table off selected columns of
// a query without joins, and a bare "id" inside the subquery would name the subquery's own row.
const feeCount = sql<number>`(select count(*) from fees f where f.fee_type_id = "fee_types"."id")::int`;
const ruleCount = sql<number>`(select count(*) from fee_rule_fees rf where rf.fee_id = "fees"."id")::int`;
const ruleFeeCount = sql<number>`(select count(*) from fee_rule_fees rf where rf.fee_rule_id = "fee_rules"."id")::int`;

const page = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/**
 * Serialises fee writes of one club account, so "name free", "type unused" and "fee unused"
 * cannot pass for two racing requests. Fee edits are rare and quick.
 */
export async function lockClubAccount(tx: Tx, tenant: AccountTenant): Promise<void> {
  await tx.execute(
    sql`select id from ${clubAccounts} where id = ${tenant.clubAccountId} and organisation_id = ${tenant.organisationId} for update`,
  );
}

/* ---------------------------------------------------------------- fee types */

export type FeeTypeListRow = FeeTypeRow & { feeCount: number };

export async function listFeeTypes(
  conn: Conn,
  tenant: AccountTenant,
  query: FeeTypesListQuery,
): Promise<{ rows: FeeTypeListRow[]; total: number }> {
  const filters: SQL[] = [typeOf(tenant)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(feeTypes.name, pattern), ilike(feeTypes.description, pattern)) as SQL);
  }
  const where = and(...filters);
  const dir = query.order === 'desc' ? desc : asc;
  const byName = [dir(sql`lower(${feeTypes.name})`), dir(feeTypes.id)];
  const orderBy =
    query.sort === 'fees'
      ? [dir(feeCount), ...byName]
      : query.sort === 'updatedAt'
        ? [dir(feeTypes.updatedAt), ...byName]
        : byName;
  const [totalRow] = await conn.select({ total: count() }).from(feeTypes).where(where);
  const { limit, offset } = page(query);
  const rows = await conn
    .select({ row: feeTypes, feeCount })
    .from(feeTypes)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r.row, feeCount: r.feeCount })), total: totalRow?.total ?? 0 };
}

export async function findFeeType(conn: Conn, tenant: AccountTenant, id: string): Promise<FeeTypeListRow | null> {
  const [row] = await conn
    .select({ row: feeTypes, feeCount })
    .from(feeTypes)
    .where(and(typeOf(tenant), eq(feeTypes.id, id)))
    .limit(1);
  return row ? { ...row.row, feeCount: row.feeCount } : null;
}

export async function feeTypeNameTaken(conn: Conn, tenant: AccountTenant, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: feeTypes.id })
    .from(feeTypes)
    .where(and(typeOf(tenant), sql`lower(${feeTypes.name}) = lower(${name})`, exceptId ? ne(feeTypes.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertFeeType(conn: Conn, tenant: AccountTenant, values: FeeTypeValues, userId: string) {
  const [row] = await conn
    .insert(feeTypes)
    .values({ ...values, ...tenant, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('fee type insert returned no row');
  return row;
}

export async function updateFeeType(conn: Conn, tenant: AccountTenant, id: string, values: FeeTypeValues, userId: string) {
  const [row] = await conn
    .update(feeTypes)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(and(typeOf(tenant), eq(feeTypes.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteFeeType(conn: Conn, tenant: AccountTenant, id: string) {
  const [row] = await conn
    .delete(feeTypes)
    .where(and(typeOf(tenant), eq(feeTypes.id, id)))
    .returning();
  return row ?? null;
}

/* --------------------------------------------------------------------- fees */

export type FeeListRow = FeeRow & { feeTypeName: string; ruleCount: number };

const feeSelection = { row: fees, feeTypeName: feeTypes.name, ruleCount };
const feeJoin = and(eq(feeTypes.id, fees.feeTypeId), eq(feeTypes.clubAccountId, fees.clubAccountId)) as SQL;

export async function listFees(
  conn: Conn,
  tenant: AccountTenant,
  query: FeesListQuery,
): Promise<{ rows: FeeListRow[]; total: number }> {
  const filters: SQL[] = [feeOf(tenant)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(fees.name, pattern),
        ilike(feeTypes.name, pattern),
        ilike(fees.articleNumber, pattern),
        ilike(fees.memberCategory, pattern),
      ) as SQL,
    );
  }
  const where = and(...filters);
  const dir = query.order === 'desc' ? desc : asc;
  const byName = [dir(sql`lower(${fees.name})`), dir(fees.id)];
  const first: Record<string, SQL[]> = {
    feeType: [dir(sql`lower(${feeTypes.name})`)],
    amount: [dir(fees.amountOre)],
    vatRate: [dir(fees.vatRate)],
    period: [dir(sql`coalesce(${fees.validFrom}, make_date(${fees.periodYear}, 1, 1))`)],
    updatedAt: [dir(fees.updatedAt)],
  };
  const [totalRow] = await conn.select({ total: count() }).from(fees).innerJoin(feeTypes, feeJoin).where(where);
  const { limit, offset } = page(query);
  const rows = await conn
    .select(feeSelection)
    .from(fees)
    .innerJoin(feeTypes, feeJoin)
    .where(where)
    .orderBy(...(first[query.sort] ?? []), ...byName)
    .limit(limit)
    .offset(offset);
  return {
    rows: rows.map((r) => ({ ...r.row, feeTypeName: r.feeTypeName, ruleCount: r.ruleCount })),
    total: totalRow?.total ?? 0,
  };
}

export async function findFee(conn: Conn, tenant: AccountTenant, id: string): Promise<FeeListRow | null> {
  const [row] = await conn
    .select(feeSelection)
    .from(fees)
    .innerJoin(feeTypes, feeJoin)
    .where(and(feeOf(tenant), eq(fees.id, id)))
    .limit(1);
  return row ? { ...row.row, feeTypeName: row.feeTypeName, ruleCount: row.ruleCount } : null;
}

/** The tenant's fees among `ids`, with their type's name. */
export async function feesByIds(conn: Conn, tenant: AccountTenant, ids: readonly string[]): Promise<FeeListRow[]> {
  if (ids.length === 0) return [];
  const rows = await conn
    .select(feeSelection)
    .from(fees)
    .innerJoin(feeTypes, feeJoin)
    .where(and(feeOf(tenant), inArray(fees.id, [...ids])));
  return rows.map((r) => ({ ...r.row, feeTypeName: r.feeTypeName, ruleCount: r.ruleCount }));
}

export async function insertFee(conn: Conn, tenant: AccountTenant, values: FeeValues, userId: string) {
  const [row] = await conn
    .insert(fees)
    .values({ ...values, ...tenant, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('fee insert returned no row');
  return row;
}

export async function updateFee(conn: Conn, tenant: AccountTenant, id: string, values: FeeValues, userId: string) {
  const [row] = await conn
    .update(fees)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(and(feeOf(tenant), eq(fees.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteFee(conn: Conn, tenant: AccountTenant, id: string) {
  const [row] = await conn
    .delete(fees)
    .where(and(feeOf(tenant), eq(fees.id, id)))
    .returning();
  return row ?? null;
}

/* ---------------------------------------------------------------- fee rules */

export type FeeRuleListRow = FeeRuleRow & { feeCount: number };

export async function listFeeRules(
  conn: Conn,
  tenant: AccountTenant,
  query: FeeRulesListQuery,
): Promise<{ rows: FeeRuleListRow[]; total: number }> {
  const filters: SQL[] = [ruleOf(tenant)];
  if (query.search) {
    const pattern = likePattern(query.search);
    // A rule is found by its name, its description, or the name of a fee in it.
    const hasFee = sql`exists (select 1 from fee_rule_fees rf inner join fees f on f.id = rf.fee_id where rf.fee_rule_id = "fee_rules"."id" and f.name ilike ${pattern})`;
    filters.push(or(ilike(feeRules.name, pattern), ilike(feeRules.description, pattern), hasFee) as SQL);
  }
  const where = and(...filters);
  const dir = query.order === 'desc' ? desc : asc;
  const byName = [dir(sql`lower(${feeRules.name})`), dir(feeRules.id)];
  const orderBy =
    query.sort === 'fees'
      ? [dir(ruleFeeCount), ...byName]
      : query.sort === 'updatedAt'
        ? [dir(feeRules.updatedAt), ...byName]
        : byName;
  const [totalRow] = await conn.select({ total: count() }).from(feeRules).where(where);
  const { limit, offset } = page(query);
  const rows = await conn
    .select({ row: feeRules, feeCount: ruleFeeCount })
    .from(feeRules)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r.row, feeCount: r.feeCount })), total: totalRow?.total ?? 0 };
}

export async function findFeeRule(conn: Conn, tenant: AccountTenant, id: string): Promise<FeeRuleRow | null> {
  const [row] = await conn
    .select()
    .from(feeRules)
    .where(and(ruleOf(tenant), eq(feeRules.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The discount of the fee rule `feeRuleId` names in the club account `clubAccountId` (null without
 * one), as subqueries correlated with the enclosing query (a family's fee rule,
 * modules/members/families.repository.ts).
 */
export function feeRuleDiscountOf(feeRuleId: PgColumn, clubAccountId: PgColumn) {
  const rule = and(eq(feeRules.id, feeRuleId), eq(feeRules.clubAccountId, clubAccountId));
  return {
    type: sql<FeeRuleRow['discountType'] | null>`(select ${feeRules.discountType} from ${feeRules} where ${rule})`,
    value: sql<number | null>`(select ${feeRules.discountValue} from ${feeRules} where ${rule})`,
  };
}

/** The fees of the given rules, in each rule's order. */
export async function feesOfRules(
  conn: Conn,
  tenant: AccountTenant,
  ruleIds: readonly string[],
): Promise<(FeeListRow & { feeRuleId: string })[]> {
  if (ruleIds.length === 0) return [];
  const rows = await conn
    .select({ ...feeSelection, feeRuleId: feeRuleFees.feeRuleId })
    .from(feeRuleFees)
    .innerJoin(fees, and(eq(fees.id, feeRuleFees.feeId), eq(fees.clubAccountId, feeRuleFees.clubAccountId)))
    .innerJoin(feeTypes, feeJoin)
    .where(
      and(
        eq(feeRuleFees.organisationId, tenant.organisationId),
        eq(feeRuleFees.clubAccountId, tenant.clubAccountId),
        inArray(feeRuleFees.feeRuleId, [...ruleIds]),
      ),
    )
    .orderBy(asc(feeRuleFees.position));
  return rows.map((r) => ({ ...r.row, feeTypeName: r.feeTypeName, ruleCount: r.ruleCount, feeRuleId: r.feeRuleId }));
}

export async function insertFeeRule(conn: Conn, tenant: AccountTenant, values: FeeRuleValues, userId: string) {
  const [row] = await conn
    .insert(feeRules)
    .values({ ...values, ...tenant, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('fee rule insert returned no row');
  return row;
}

export async function updateFeeRule(conn: Conn, tenant: AccountTenant, id: string, values: FeeRuleValues, userId: string) {
  const [row] = await conn
    .update(feeRules)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(and(ruleOf(tenant), eq(feeRules.id, id)))
    .returning();
  return row ?? null;
}

/** Replaces a rule's fees with `feeIds`, in that order. */
export async function replaceRuleFees(conn: Conn, tenant: AccountTenant, ruleId: string, feeIds: readonly string[]) {
  await conn
    .delete(feeRuleFees)
    .where(
      and(
        eq(feeRuleFees.organisationId, tenant.organisationId),
        eq(feeRuleFees.clubAccountId, tenant.clubAccountId),
        eq(feeRuleFees.feeRuleId, ruleId),
      ),
    );
  if (feeIds.length === 0) return;
  await conn.insert(feeRuleFees).values(
    feeIds.map((feeId, position) => ({
      feeRuleId: ruleId,
      feeId,
      position,
      organisationId: tenant.organisationId,
      clubAccountId: tenant.clubAccountId,
    })),
  );
}

export async function feeRuleExists(conn: Conn, tenant: AccountTenant, id: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: feeRules.id })
    .from(feeRules)
    .where(and(ruleOf(tenant), eq(feeRules.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes a fee rule. Members, families and member categories that use it keep their place
 * without a rule (their foreign keys would refuse the delete otherwise).
 */
export async function deleteFeeRule(conn: Conn, tenant: AccountTenant, id: string) {
  await clearFeeRule(conn, tenant, id);
  const [row] = await conn
    .delete(feeRules)
    .where(and(ruleOf(tenant), eq(feeRules.id, id)))
    .returning();
  return row ?? null;
}

/** Names of the rules that include a fee (for the refusal to delete it). */
export async function ruleNamesUsingFee(conn: Conn, tenant: AccountTenant, feeId: string): Promise<string[]> {
  const rows = await conn
    .select({ name: feeRules.name })
    .from(feeRuleFees)
    .innerJoin(feeRules, eq(feeRules.id, feeRuleFees.feeRuleId))
    .where(and(ruleOf(tenant), eq(feeRuleFees.feeId, feeId)))
    .orderBy(asc(sql`lower(${feeRules.name})`));
  return rows.map((r) => r.name);
}
