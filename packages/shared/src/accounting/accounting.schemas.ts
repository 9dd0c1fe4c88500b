import { z } from 'zod';
import { encodeMessage } from '../validation/messages';
import { luhnValid } from '../validation/rules';

/**
 * Shared pieces of the accounting-data features (customers, articles, invoices, contracts): list
 * sorting, code lists, money and quantity fields, Swedish identity numbers. Amounts are öre,
 * quantities hundredths, percentages basis points on the wire (docs/api.md#money-and-dates).
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);

/** List query of an accounting list: paging, one sort column, search, and the feature's filters. */
export const accountingListQuery = <S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sorts: S, filters: F) =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
      search: z.string().trim().max(100).optional(),
      sort: z.enum(sorts).optional(),
      order: sortOrderSchema.default('asc'),
      ...filters,
    })
    .strict();

/** CSV or Excel export of a list, with the list's own search and filters. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);

/** Kinds of code lists mirrored from the accounting program, for the forms' selects. */
export const CODE_LIST_KINDS = ['units', 'priceLists', 'costCenters', 'projects', 'termsOfPayment', 'termsOfDelivery'] as const;
export type CodeListKind = (typeof CODE_LIST_KINDS)[number];

export const codeItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  days: z.number().int().nullable(),
  active: z.boolean(),
});
export type CodeItem = z.infer<typeof codeItemSchema>;

export const codeListsSchema = z.object(
  Object.fromEntries(CODE_LIST_KINDS.map((k) => [k, z.array(codeItemSchema)])) as Record<
    CodeListKind,
    z.ZodArray<typeof codeItemSchema>
  >,
);
export type CodeLists = z.infer<typeof codeListsSchema>;

/** A code from one of the lists (unit, price list, cost centre…): short, no spaces at the ends. */
export const codeField = (max = 20) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** Optional free text: empty becomes null. */
export const textField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** An amount in öre, whole, within ±100 million kronor. */
export const oreField = () => z.number().int().min(-10_000_000_000).max(10_000_000_000);
/** Zero or more öre (the `positive` rule). */
export const positiveOreField = () =>
  z
    .number({ message: encodeMessage('invalid_type') })
    .int()
    .max(10_000_000_000)
    .refine((v) => v >= 0, { message: encodeMessage('positive') });

/** A percentage in basis points, 0–100 %. */
export const basisPointsField = () => z.number().int().min(0).max(10_000);

/**
 * Swedish personal identity number: YYMMDD-NNNN or YYYYMMDD-NNNN (the "+" for 100-year-olds
 * too), with its Luhn check digit over the ten-digit form.
 */
export const PERSONAL_NUMBER_PATTERN = /^(\d{2})?(\d{6})[-+]?(\d{4})$/;
export function isValidPersonalNumber(value: string): boolean {
  const match = PERSONAL_NUMBER_PATTERN.exec(value.trim());
  if (!match) return false;
  const ten = `${match[2]}${match[3]}`;
  const month = Number(ten.slice(2, 4));
  const day = Number(ten.slice(4, 6)) % 60; // samordningsnummer add 60 to the day
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && luhnValid(ten);
}
