import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { organisationReference, tenantColumns } from '../organizations/organizations.tables';
import { authorship } from '../users/users.tables';

/** Kinds of fees of a club account (annual fee, playing right…). Names unique regardless of case. */
export const feeTypes = pgTable(
  'fee_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...authorship(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('fee_types_account_name_uq').on(t.clubAccountId, sql`lower(${t.name})`),
    index('fee_types_org_idx').on(t.organisationId),
    // Target of the fees' composite key: a fee cannot name another club account's type.
    unique('fee_types_id_account_uq').on(t.id, t.clubAccountId),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * One fee: its price incl. VAT in öre, VAT rate, the accounting article it is invoiced as, the
 * member category it applies to, and its period (a year, or from–to days). The type's key
 * restricts deletion: a type in use cannot go (the service says so first, in words).
 */
export const fees = pgTable(
  'fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    feeTypeId: uuid('fee_type_id').notNull(),
    name: text('name').notNull(),
    amountOre: integer('amount_ore').notNull(),
    vatRate: integer('vat_rate').notNull(),
    articleNumber: text('article_number').notNull().default(''),
    memberCategory: text('member_category').notNull().default(''),
    periodType: text('period_type').$type<'year' | 'dates'>().notNull(),
    periodYear: integer('period_year'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    ...authorship(),
    ...timestamps(),
  },
  (t) => [
    foreignKey({
      name: 'fees_fee_type_fk',
      columns: [t.feeTypeId, t.clubAccountId],
      foreignColumns: [feeTypes.id, feeTypes.clubAccountId],
    }).onDelete('no action'),
    index('fees_account_idx').on(t.clubAccountId, t.organisationId),
    index('fees_fee_type_idx').on(t.feeTypeId),
    unique('fees_id_account_uq').on(t.id, t.clubAccountId),
    check('fees_amount_ck', sql`${t.amountOre} > 0`),
    check('fees_vat_ck', sql`${t.vatRate} in (25, 12, 6, 0)`),
    check(
      'fees_period_ck',
      sql`(${t.periodType} = 'year' and ${t.periodYear} is not null and ${t.validFrom} is null and ${t.validTo} is null) or (${t.periodType} = 'dates' and ${t.periodYear} is null and ${t.validFrom} is not null and ${t.validTo} is not null and ${t.validTo} >= ${t.validFrom})`,
    ),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A bundle of fees with a discount, used by members and families. The discount is kept as an
 * integer: hundredths of a percent for 'percentage' (12.5 % is 1250), öre for 'amount', 0 for none.
 */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type').$type<'none' | 'percentage' | 'amount'>().notNull().default('none'),
    discountValue: integer('discount_value').notNull().default(0),
    ...authorship(),
    ...timestamps(),
  },
  (t) => [
    index('fee_rules_account_idx').on(t.clubAccountId, t.organisationId),
    unique('fee_rules_id_account_uq').on(t.id, t.clubAccountId),
    check('fee_rules_discount_type_ck', sql`${t.discountType} in ('none', 'percentage', 'amount')`),
    check(
      'fee_rules_discount_ck',
      sql`${t.discountValue} >= 0 and (${t.discountType} <> 'percentage' or ${t.discountValue} <= 10000) and (${t.discountType} <> 'none' or ${t.discountValue} = 0)`,
    ),
    tenantIsolation(t.organisationId),
  ],
);

/** The fees of a rule, in the order chosen. A fee in a rule cannot be deleted (checked first by the service). */
export const feeRuleFees = pgTable(
  'fee_rule_fees',
  {
    feeRuleId: uuid('fee_rule_id').notNull(),
    feeId: uuid('fee_id').notNull(),
    clubAccountId: uuid('club_account_id').notNull(),
    organisationId: organisationReference(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'fee_rule_fees_pk', columns: [t.feeRuleId, t.feeId] }),
    foreignKey({
      name: 'fee_rule_fees_rule_fk',
      columns: [t.feeRuleId, t.clubAccountId],
      foreignColumns: [feeRules.id, feeRules.clubAccountId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'fee_rule_fees_fee_fk',
      columns: [t.feeId, t.clubAccountId],
      foreignColumns: [fees.id, fees.clubAccountId],
    }).onDelete('no action'),
    index('fee_rule_fees_fee_idx').on(t.feeId),
    tenantIsolation(t.organisationId),
  ],
);
