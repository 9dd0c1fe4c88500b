import {
  encodeMessage,
  type Fee,
  type FeeBody,
  type FeeRule,
  type FeeRuleBody,
  type FeeRulesListQuery,
  type FeesListQuery,
  type FeeType,
  type FeeTypeBody,
  type FeeTypesListQuery,
  type Pagination,
  priceFeeRule,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, NotFoundError, ValidationError } from '../../lib/errors';
import type { MessageKey } from '../../lib/i18n';
import type { AuthContext } from '../../plugins/auth';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import {
  type AccountTenant,
  deleteFee,
  deleteFeeRule,
  deleteFeeType,
  type FeeListRow,
  type FeeRuleRow,
  type FeeTypeListRow,
  feeRuleExists,
  feesByIds,
  feesOfRules,
  feeTypeNameTaken,
  findFee,
  findFeeRule,
  findFeeType,
  insertFee,
  insertFeeRule,
  insertFeeType,
  listFeeRules,
  listFees,
  listFeeTypes,
  lockClubAccount,
  replaceRuleFees,
  ruleNamesUsingFee,
  updateFee,
  updateFeeRule,
  updateFeeType,
} from './fees.repository';

/**
 * The field message for a fee rule that members, families or categories point at when it is not
 * one of the club account's own (another club account's or organisation's, or none at all), or
 * null when it is. The database's foreign keys hold the same rule; this gives the form its message.
 */
export async function feeRuleProblem(
  conn: Db | Tx,
  tenant: AccountTenant,
  id: string | null | undefined,
): Promise<string[] | null> {
  if (!id || (await feeRuleExists(conn, tenant, id))) return null;
  return [encodeMessage('fee_rule_not_found_field')];
}

/** Who acts: `request.auth` (fees live in the club account in use). */
export type FeesActor = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

export function feesTenantOf(actor: Pick<FeesActor, 'organisationId' | 'clubAccountId'>): AccountTenant {
  if (!actor.clubAccountId) throw new BusinessError(400, 'fees.noClubAccount');
  return { organisationId: actor.organisationId, clubAccountId: actor.clubAccountId };
}

type Page<T> = { data: T[]; pagination: Pagination };

async function log(tx: Tx, tenant: AccountTenant, actor: FeesActor, activity: MessageKey, name: string) {
  await logEvent(tx, {
    organisationId: tenant.organisationId,
    clubAccountId: tenant.clubAccountId,
    resource: 'fees',
    activity,
    params: { actor: await userDisplayName(tx, actor.userId), name },
    type: 'INFO',
  });
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/* ---------------------------------------------------------------- fee types */

const toFeeType = (row: FeeTypeListRow): FeeType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  feeCount: row.feeCount,
  ...stamps(row),
});

export async function listFeeTypesOf(db: Db, actor: FeesActor, query: FeeTypesListQuery): Promise<Page<FeeType>> {
  const { rows, total } = await listFeeTypes(db, feesTenantOf(actor), query);
  return { data: rows.map(toFeeType), pagination: { page: query.page, pageSize: query.pageSize, total } };
}

export async function getFeeType(conn: Db | Tx, actor: FeesActor, id: string): Promise<FeeType> {
  const row = await findFeeType(conn, feesTenantOf(actor), id);
  if (!row) throw new NotFoundError('fees.feeTypeNotFound');
  return toFeeType(row);
}

export async function saveFeeType(db: Db, actor: FeesActor, body: FeeTypeBody, id?: string): Promise<FeeType> {
  const tenant = feesTenantOf(actor);
  try {
    return await db.transaction(async (tx) => {
      await lockClubAccount(tx, tenant);
      if (id && !(await findFeeType(tx, tenant, id))) throw new NotFoundError('fees.feeTypeNotFound');
      if (await feeTypeNameTaken(tx, tenant, body.name, id)) {
        throw new ValidationError({ name: [encodeMessage('fee_type_name_taken')] });
      }
      const values = { name: body.name, description: body.description };
      const row = id
        ? await updateFeeType(tx, tenant, id, values, actor.userId)
        : await insertFeeType(tx, tenant, values, actor.userId);
      if (!row) throw new NotFoundError('fees.feeTypeNotFound');
      await log(tx, tenant, actor, id ? 'fees.feeTypeUpdated' : 'fees.feeTypeCreated', row.name);
      return getFeeType(tx, actor, row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'fee_types_account_name_uq')) {
      throw new ValidationError({ name: [encodeMessage('fee_type_name_taken')] });
    }
    throw error;
  }
}

/** Refused (400, nothing changed) while fees use the type. */
export async function removeFeeType(db: Db, actor: FeesActor, id: string): Promise<void> {
  const tenant = feesTenantOf(actor);
  await db.transaction(async (tx) => {
    await lockClubAccount(tx, tenant);
    const row = await findFeeType(tx, tenant, id);
    if (!row) throw new NotFoundError('fees.feeTypeNotFound');
    if (row.feeCount > 0) throw new BusinessError(400, 'fees.feeTypeInUse', { name: row.name, count: row.feeCount });
    await deleteFeeType(tx, tenant, id);
    await log(tx, tenant, actor, 'fees.feeTypeDeleted', row.name);
  });
}

/* --------------------------------------------------------------------- fees */

const toFee = (row: FeeListRow): Fee => ({
  id: row.id,
  name: row.name,
  feeTypeId: row.feeTypeId,
  feeTypeName: row.feeTypeName,
  amountOre: row.amountOre,
  vatRate: row.vatRate,
  articleNumber: row.articleNumber,
  memberCategory: row.memberCategory,
  periodType: row.periodType,
  periodYear: row.periodYear,
  validFrom: row.validFrom,
  validTo: row.validTo,
  active: row.active,
  ruleCount: row.ruleCount,
  ...stamps(row),
});

export async function listFeesOf(db: Db, actor: FeesActor, query: FeesListQuery): Promise<Page<Fee>> {
  const { rows, total } = await listFees(db, feesTenantOf(actor), query);
  return { data: rows.map(toFee), pagination: { page: query.page, pageSize: query.pageSize, total } };
}

export async function getFee(conn: Db | Tx, actor: FeesActor, id: string): Promise<Fee> {
  const row = await findFee(conn, feesTenantOf(actor), id);
  if (!row) throw new NotFoundError('fees.feeNotFound');
  return toFee(row);
}

export async function saveFee(db: Db, actor: FeesActor, body: FeeBody, id?: string): Promise<Fee> {
  const tenant = feesTenantOf(actor);
  return db.transaction(async (tx) => {
    await lockClubAccount(tx, tenant);
    if (id && !(await findFee(tx, tenant, id))) throw new NotFoundError('fees.feeNotFound');
    // Another club account's or organisation's type reads as unknown, like one never made.
    if (!(await findFeeType(tx, tenant, body.feeTypeId))) {
      throw new ValidationError({ feeTypeId: [encodeMessage('fee_type_unknown')] });
    }
    const byYear = body.periodType === 'year';
    const values = {
      name: body.name,
      feeTypeId: body.feeTypeId,
      amountOre: body.amountOre,
      vatRate: body.vatRate,
      articleNumber: body.articleNumber,
      memberCategory: body.memberCategory,
      periodType: body.periodType,
      periodYear: byYear ? body.periodYear : null,
      validFrom: byYear ? null : body.validFrom,
      validTo: byYear ? null : body.validTo,
      active: body.active,
    };
    const row = id ? await updateFee(tx, tenant, id, values, actor.userId) : await insertFee(tx, tenant, values, actor.userId);
    if (!row) throw new NotFoundError('fees.feeNotFound');
    await log(tx, tenant, actor, id ? 'fees.feeUpdated' : 'fees.feeCreated', row.name);
    return getFee(tx, actor, row.id);
  });
}

/** Refused (400, nothing changed) while a fee rule includes the fee. */
export async function removeFee(db: Db, actor: FeesActor, id: string): Promise<void> {
  const tenant = feesTenantOf(actor);
  await db.transaction(async (tx) => {
    await lockClubAccount(tx, tenant);
    const row = await findFee(tx, tenant, id);
    if (!row) throw new NotFoundError('fees.feeNotFound');
    if (row.ruleCount > 0) {
      const rules = await ruleNamesUsingFee(tx, tenant, id);
      const shown = rules.length > 5 ? [...rules.slice(0, 5), '…'] : rules;
      throw new BusinessError(400, 'fees.feeInUse', { name: row.name, rules: shown.join(', ') });
    }
    await deleteFee(tx, tenant, id);
    await log(tx, tenant, actor, 'fees.feeDeleted', row.name);
  });
}

/* ---------------------------------------------------------------- fee rules */

/** Öre as kronor for a message: "9500" or "9500.50". */
const kronor = (ore: number) => (ore % 100 === 0 ? String(ore / 100) : (ore / 100).toFixed(2));

/** The stored discount (hundredths of a percent, or öre) as the API gives it (percent, or öre). */
const discountOut = (row: FeeRuleRow): number | null =>
  row.discountType === 'none' ? null : row.discountType === 'percentage' ? row.discountValue / 100 : row.discountValue;

function toFeeRule(row: FeeRuleRow, ruleFees: FeeListRow[]): FeeRule {
  const discountValue = discountOut(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fees: ruleFees.map((f) => ({
      id: f.id,
      name: f.name,
      feeTypeName: f.feeTypeName,
      amountOre: f.amountOre,
      vatRate: f.vatRate,
      active: f.active,
    })),
    discountType: row.discountType,
    discountValue,
    price: priceFeeRule({
      fees: ruleFees.map((f) => ({ id: f.id, amountOre: f.amountOre, vatRate: f.vatRate })),
      discountType: row.discountType,
      discountValue: discountValue ?? 0,
    }),
    ...stamps(row),
  };
}

export async function listFeeRulesOf(db: Db, actor: FeesActor, query: FeeRulesListQuery): Promise<Page<FeeRule>> {
  const tenant = feesTenantOf(actor);
  const { rows, total } = await listFeeRules(db, tenant, query);
  const ruleFees = await feesOfRules(
    db,
    tenant,
    rows.map((r) => r.id),
  );
  const data = rows.map((r) =>
    toFeeRule(
      r,
      ruleFees.filter((f) => f.feeRuleId === r.id),
    ),
  );
  return { data, pagination: { page: query.page, pageSize: query.pageSize, total } };
}

export async function getFeeRule(conn: Db | Tx, actor: FeesActor, id: string): Promise<FeeRule> {
  const tenant = feesTenantOf(actor);
  const row = await findFeeRule(conn, tenant, id);
  if (!row) throw new NotFoundError('fees.feeRuleNotFound');
  return toFeeRule(row, await feesOfRules(conn, tenant, [id]));
}

export async function saveFeeRule(db: Db, actor: FeesActor, body: FeeRuleBody, id?: string): Promise<FeeRule> {
  const tenant = feesTenantOf(actor);
  const feeIds = [...new Set(body.feeIds)];
  return db.transaction(async (tx) => {
    await lockClubAccount(tx, tenant);
    if (id && !(await findFeeRule(tx, tenant, id))) throw new NotFoundError('fees.feeRuleNotFound');
    const found = await feesByIds(tx, tenant, feeIds);
    if (found.length !== feeIds.length) throw new ValidationError({ feeIds: [encodeMessage('fee_unknown')] });
    const subtotal = found.reduce((sum, f) => sum + f.amountOre, 0);
    if (body.discountType === 'amount' && (body.discountValue ?? 0) > subtotal) {
      throw new ValidationError({
        discountValue: [encodeMessage('fee_rule_discount_over_total', { total: kronor(subtotal) })],
      });
    }
    const values = {
      name: body.name,
      description: body.description,
      discountType: body.discountType,
      discountValue:
        body.discountType === 'none'
          ? 0
          : body.discountType === 'percentage'
            ? Math.round(Number((body.discountValue ?? 0).toFixed(2)) * 100)
            : (body.discountValue ?? 0),
    };
    const row = id
      ? await updateFeeRule(tx, tenant, id, values, actor.userId)
      : await insertFeeRule(tx, tenant, values, actor.userId);
    if (!row) throw new NotFoundError('fees.feeRuleNotFound');
    await replaceRuleFees(tx, tenant, row.id, feeIds);
    await log(tx, tenant, actor, id ? 'fees.feeRuleUpdated' : 'fees.feeRuleCreated', row.name);
    return getFeeRule(tx, actor, row.id);
  });
}

export async function removeFeeRule(db: Db, actor: FeesActor, id: string): Promise<void> {
  const tenant = feesTenantOf(actor);
  await db.transaction(async (tx) => {
    await lockClubAccount(tx, tenant);
    const row = await deleteFeeRule(tx, tenant, id);
    if (!row) throw new NotFoundError('fees.feeRuleNotFound');
    await log(tx, tenant, actor, 'fees.feeRuleDeleted', row.name);
  });
}
