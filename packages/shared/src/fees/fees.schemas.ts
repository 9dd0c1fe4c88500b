import { z } from 'zod';
import { ARTICLE_NUMBER_PATTERN } from '../articles/articles.schemas';
import { VAT_RATES } from '../constants';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { optionalString, requiredString } from '../validation/rules';
import { FEE_DISCOUNT_TYPES } from './fee-pricing';

export * from './fee-pricing';

/**
 * Fee types, fees and fee rules (docs/members-and-fees.md#fees; calls fee_types, fees, fee_rules): the
 * portal's own price list of a club account. A fee type groups fees (annual fee, playing right…);
 * a fee is one price with its VAT rate and the accounting article it is invoiced as; a fee rule
 * bundles fees with a discount, and members and families are billed by their fee rule.
 */

export const FEE_NAME_MAX = 100;
export const FEE_DESCRIPTION_MAX = 500;
export const FEE_ARTICLE_NUMBER_MAX = 50;
export const FEE_MEMBER_CATEGORY_MAX = 100;
/** One fee: at most 1 000 000 kr, in öre. */
export const FEE_AMOUNT_MAX_ORE = 100_000_000;
/** Fees in one rule. */
export const FEE_RULE_FEES_MAX = 50;
export const FEE_YEAR_MIN = 2000;
export const FEE_YEAR_MAX = 2100;

export const FEE_PERIOD_TYPES = ['year', 'dates'] as const;
export type FeePeriodType = (typeof FEE_PERIOD_TYPES)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDay = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const day = () =>
  z
    .string()
    .trim()
    .max(10)
    .refine(isIsoDay, { message: encodeMessage('date') });

const vatRate = () =>
  z
    .number({ message: encodeMessage('required') })
    .int()
    .refine((v) => (VAT_RATES as readonly number[]).includes(v), { message: encodeMessage('vat_rate') });

/** A chosen id; an empty choice reads "required" rather than "invalid uuid". */
const chosenId = () =>
  z
    .string({ message: encodeMessage('required') })
    .trim()
    .min(1, { message: encodeMessage('required') })
    .max(36)
    .pipe(z.uuid({ message: encodeMessage('invalid_value') }));

const listQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
      search: z.string().trim().max(100).optional(),
      sort: z.enum(sorts).default(sorts[0]),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .strict();

/* ---------------------------------------------------------------- fee types */

/** POST fee_types and PUT fee_types/{id}. The name is unique in the club account, in any case. */
export const feeTypeBodySchema = z
  .object({
    name: requiredString(FEE_NAME_MAX),
    description: optionalString(FEE_DESCRIPTION_MAX).default(''),
  })
  .strict();
export type FeeTypeBody = z.infer<typeof feeTypeBodySchema>;
export type FeeTypeBodyInput = z.input<typeof feeTypeBodySchema>;

export const feeTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Fees of this type; a type with fees cannot be deleted. */
  feeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeeType = z.infer<typeof feeTypeSchema>;

export const FEE_TYPE_SORTS = ['name', 'fees', 'updatedAt'] as const;
export type FeeTypeSort = (typeof FEE_TYPE_SORTS)[number];
export const feeTypesListQuerySchema = listQuery(FEE_TYPE_SORTS);
export type FeeTypesListQuery = z.infer<typeof feeTypesListQuerySchema>;
export const feeTypesListResponseSchema = z.object({ data: z.array(feeTypeSchema), pagination: paginationSchema });

/* --------------------------------------------------------------------- fees */

/**
 * POST fees and PUT fees/{id}. The amount is what the member pays, VAT included, in öre. The
 * period is a year, or a from–to range of days; the fields of the other kind are ignored.
 */
export const feeBodySchema = z
  .object({
    name: requiredString(FEE_NAME_MAX),
    feeTypeId: chosenId(),
    amountOre: z
      .number({ message: encodeMessage('required') })
      .int()
      .min(1, { message: encodeMessage('positive') })
      .max(FEE_AMOUNT_MAX_ORE),
    vatRate: vatRate(),
    articleNumber: z
      .string()
      .trim()
      .max(FEE_ARTICLE_NUMBER_MAX)
      .regex(ARTICLE_NUMBER_PATTERN, { message: encodeMessage('article_number') })
      .default(''),
    memberCategory: optionalString(FEE_MEMBER_CATEGORY_MAX).default(''),
    periodType: z.enum(FEE_PERIOD_TYPES).default('year'),
    periodYear: z.number().int().min(FEE_YEAR_MIN).max(FEE_YEAR_MAX).nullable().default(null),
    validFrom: day().nullable().default(null),
    validTo: day().nullable().default(null),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((fee, ctx) => {
    const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: encodeMessage('required') });
    if (fee.periodType === 'year') {
      if (fee.periodYear === null) required('periodYear');
      return;
    }
    if (!fee.validFrom) required('validFrom');
    if (!fee.validTo) required('validTo');
    if (fee.validFrom && fee.validTo && fee.validTo < fee.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: encodeMessage('period_end_before_start') });
    }
  });
export type FeeBody = z.infer<typeof feeBodySchema>;
export type FeeBodyInput = z.input<typeof feeBodySchema>;

export const feeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  feeTypeId: z.uuid(),
  feeTypeName: z.string(),
  amountOre: z.number().int(),
  vatRate: z.number().int(),
  articleNumber: z.string(),
  memberCategory: z.string(),
  periodType: z.enum(FEE_PERIOD_TYPES),
  periodYear: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  /** Fee rules that include the fee; such a fee cannot be deleted. */
  ruleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Fee = z.infer<typeof feeSchema>;

export const FEE_SORTS = ['name', 'feeType', 'amount', 'vatRate', 'period', 'updatedAt'] as const;
export type FeeSort = (typeof FEE_SORTS)[number];
export const feesListQuerySchema = listQuery(FEE_SORTS);
export type FeesListQuery = z.infer<typeof feesListQuerySchema>;
export const feesListResponseSchema = z.object({ data: z.array(feeSchema), pagination: paginationSchema });

/* ---------------------------------------------------------------- fee rules */

/**
 * POST fee_rules and PUT fee_rules/{id}. `discountValue` is a percentage (0–100, two decimals)
 * or an amount in öre (at most the sum of the rule's fees, checked by the server, which knows the
 * fees); it is ignored when the discount type is 'none'.
 */
export const feeRuleBodySchema = z
  .object({
    name: requiredString(FEE_NAME_MAX),
    description: optionalString(FEE_DESCRIPTION_MAX).default(''),
    feeIds: z
      .array(z.uuid({ message: encodeMessage('invalid_value') }))
      .min(1, { message: encodeMessage('fee_rule_fees_required') })
      .max(FEE_RULE_FEES_MAX),
    discountType: z.enum(FEE_DISCOUNT_TYPES).default('none'),
    discountValue: z.number().min(0).nullable().default(null),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['discountValue'], message });
    if (rule.discountType === 'none') return;
    const value = rule.discountValue;
    if (value === null) return issue(encodeMessage('required'));
    if (rule.discountType === 'percentage') {
      if (value > 100) issue(encodeMessage('between', { min: 0, max: 100 }));
      else if (Number(value.toFixed(2)) !== value) issue(encodeMessage('two_decimals'));
    } else if (!Number.isInteger(value) || value > FEE_AMOUNT_MAX_ORE * FEE_RULE_FEES_MAX) {
      issue(encodeMessage('invalid_value'));
    }
  });
export type FeeRuleBody = z.infer<typeof feeRuleBodySchema>;
export type FeeRuleBodyInput = z.input<typeof feeRuleBodySchema>;

const pricedLineSchema = z.object({
  id: z.string(),
  vatRate: z.number().int(),
  amountOre: z.number().int(),
  discountOre: z.number().int(),
  totalOre: z.number().int(),
});

export const feeRulePriceSchema = z.object({
  subtotalOre: z.number().int(),
  discountOre: z.number().int(),
  totalOre: z.number().int(),
  vatOre: z.number().int(),
  netOre: z.number().int(),
  lines: z.array(pricedLineSchema),
  byVatRate: z.array(
    z.object({
      vatRate: z.number().int(),
      amountOre: z.number().int(),
      discountOre: z.number().int(),
      totalOre: z.number().int(),
      vatOre: z.number().int(),
      netOre: z.number().int(),
    }),
  ),
});

/** A fee as a rule lists it. */
export const feeRuleFeeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  feeTypeName: z.string(),
  amountOre: z.number().int(),
  vatRate: z.number().int(),
  active: z.boolean(),
});
export type FeeRuleFee = z.infer<typeof feeRuleFeeSchema>;

export const feeRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  fees: z.array(feeRuleFeeSchema),
  discountType: z.enum(FEE_DISCOUNT_TYPES),
  /** Null when the discount type is 'none'. */
  discountValue: z.number().nullable(),
  price: feeRulePriceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeeRule = z.infer<typeof feeRuleSchema>;

export const FEE_RULE_SORTS = ['name', 'fees', 'updatedAt'] as const;
export type FeeRuleSort = (typeof FEE_RULE_SORTS)[number];
export const feeRulesListQuerySchema = listQuery(FEE_RULE_SORTS);
export type FeeRulesListQuery = z.infer<typeof feeRulesListQuerySchema>;
export const feeRulesListResponseSchema = z.object({ data: z.array(feeRuleSchema), pagination: paginationSchema });

/** The fees page's tabs, chosen by `?tab=` (docs/members-and-fees.md#fees). */
export const FEES_TABS = ['feeTypes', 'fees', 'feeRules'] as const;
export type FeesTab = (typeof FEES_TABS)[number];
