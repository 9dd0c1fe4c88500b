import { z } from 'zod';
import {
  accountingListQuery,
  codeField,
  exportFormatSchema,
  positiveOreField,
  textField,
} from '../accounting/accounting.schemas';
import { VAT_RATES } from '../constants';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { requiredString } from '../validation/rules';

/**
 * Articles (docs/accounting-data.md#articles), as the accounting program keeps them; the portal mirrors and edits them.
 * Prices are öre ex VAT, quantities hundredths, dimensions millimetres and weight grams
 * (docs/api.md#money-and-dates).
 */
export const ARTICLE_TYPES = ['STOCK', 'SERVICE'] as const;
export type ArticleKind = (typeof ARTICLE_TYPES)[number];

/** Fortnox keeps article numbers of up to 50 of these characters (Visma fewer, same set). */
export const ARTICLE_NUMBER_PATTERN = /^[A-Za-z0-9_+/.-]*$/;
export const ARTICLE_DESCRIPTION_MAX = 200;

/**
 * GS1 check digit (EAN-8, UPC-A/EAN-12, EAN-13, GTIN-14): from the right, the digits before the
 * check digit are weighted 3, 1, 3, 1…; the check digit brings the sum up to a multiple of ten.
 */
export function eanCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidEan(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  return eanCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/**
 * The margin shown beside the prices: (sales − purchase) / sales, in basis points (rounded).
 * Unknown without a sales price above zero, or without a purchase price: Fortnox keeps 0 for
 * "none given" (a membership fee, a green fee), which is no 100 % margin.
 */
export function articleMarginBasisPoints(salesPriceOre: number | null, purchasePriceOre: number | null): number | null {
  if (salesPriceOre === null || purchasePriceOre === null || salesPriceOre <= 0 || purchasePriceOre <= 0) return null;
  return Math.round(((salesPriceOre - purchasePriceOre) * 10_000) / salesPriceOre);
}

export const articleNumberField = () =>
  z
    .string()
    .trim()
    .max(50)
    .regex(ARTICLE_NUMBER_PATTERN, { message: encodeMessage('article_number') });

/** A four-digit account of the BAS chart (3001 sales in Sweden, 3108 EU, 3105 export, 4000 purchases). */
const account = () =>
  textField(4)
    .refine((v) => v === null || /^\d{4}$/.test(v), { message: encodeMessage('digits', { length: 4 }) })
    .default(null);

/** Hundredths of a unit (1.5 pcs → 150), up to a hundred million units. */
const quantity = (min: number) =>
  z
    .number({ message: encodeMessage('invalid_type') })
    .int()
    .max(10_000_000_000)
    .refine((v) => v >= min, { message: encodeMessage('positive') });

/** Millimetres or grams: whole, zero or more, up to 10 000 m / 10 t. */
const measure = () =>
  z
    .number({ message: encodeMessage('invalid_type') })
    .int()
    .max(10_000_000)
    .refine((v) => v >= 0, { message: encodeMessage('positive') })
    .nullable()
    .default(null);

const articleFields = {
  description: requiredString(ARTICLE_DESCRIPTION_MAX),
  type: z.enum(ARTICLE_TYPES).default('STOCK'),
  unit: codeField().default(null),
  active: z.boolean().default(true),
  discontinued: z.boolean().default(false),
  ean: textField(14)
    .refine((v) => v === null || isValidEan(v), { message: encodeMessage('ean') })
    .default(null),
  manufacturer: textField(50).default(null),
  manufacturerArticleNumber: textField(50).default(null),
  supplierNumber: textField(50).default(null),
  stockItem: z.boolean().default(false),
  stockPlace: textField(50).default(null),
  stockQuantityHundredths: quantity(-10_000_000_000).nullable().default(null),
  orderPointHundredths: quantity(0).nullable().default(null),
  salesAccountSe: account(),
  salesAccountEu: account(),
  salesAccountExport: account(),
  purchaseAccount: account(),
  vatPercent: z
    .number({ message: encodeMessage('invalid_type') })
    .refine((v) => (VAT_RATES as readonly number[]).includes(v), { message: encodeMessage('vat_rate') })
    .default(25),
  salesPriceOre: positiveOreField().nullable().default(null),
  purchasePriceOre: positiveOreField().nullable().default(null),
  widthMm: measure(),
  heightMm: measure(),
  depthMm: measure(),
  weightGrams: measure(),
  notes: textField(1024).default(null),
};

/** POST articles: `number` may be left empty for the portal to make one that a retry finds again. */
/** POST articles. `requestId`: as for customers, the form's own id, so a resent form creates once. */
export const createArticleBodySchema = z
  .object({ number: articleNumberField().default(''), ...articleFields, requestId: z.string().uuid().optional() })
  .strict();
export type CreateArticleBody = z.input<typeof createArticleBodySchema>;
export type CreateArticleInput = z.output<typeof createArticleBodySchema>;

/** PUT articles/{id}: the whole article (the number cannot change). */
export const updateArticleBodySchema = z.object(articleFields).strict();
export type UpdateArticleBody = z.input<typeof updateArticleBodySchema>;
export type UpdateArticleInput = z.output<typeof updateArticleBodySchema>;

export const articleSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  description: z.string(),
  type: z.enum(ARTICLE_TYPES),
  unit: z.string().nullable(),
  active: z.boolean(),
  discontinued: z.boolean(),
  ean: z.string().nullable(),
  manufacturer: z.string().nullable(),
  manufacturerArticleNumber: z.string().nullable(),
  supplierNumber: z.string().nullable(),
  stockItem: z.boolean(),
  stockPlace: z.string().nullable(),
  stockQuantityHundredths: z.number().int().nullable(),
  /** In stock less what is reserved by orders; read only. */
  disposableQuantityHundredths: z.number().int().nullable(),
  orderPointHundredths: z.number().int().nullable(),
  /** What the stock is worth at purchase price; read only. */
  stockValueOre: z.number().int().nullable(),
  salesAccountSe: z.string().nullable(),
  salesAccountEu: z.string().nullable(),
  salesAccountExport: z.string().nullable(),
  purchaseAccount: z.string().nullable(),
  vatPercent: z.number(),
  salesPriceOre: z.number().int().nullable(),
  purchasePriceOre: z.number().int().nullable(),
  marginBasisPoints: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  depthMm: z.number().int().nullable(),
  weightGrams: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** When the portal last read it from the accounting program. */
  syncedAt: z.string(),
  /** The program did not answer just now: this is the portal's copy as of `syncedAt`. */
  stale: z.boolean(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleRowSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  description: z.string(),
  type: z.enum(ARTICLE_TYPES),
  unit: z.string().nullable(),
  active: z.boolean(),
  stockItem: z.boolean(),
  vatPercent: z.number(),
  salesPriceOre: z.number().int().nullable(),
  purchasePriceOre: z.number().int().nullable(),
  marginBasisPoints: z.number().int().nullable(),
  stockQuantityHundredths: z.number().int().nullable(),
});
export type ArticleRow = z.infer<typeof articleRowSchema>;

export const ARTICLE_SORTS = ['number', 'description', 'type', 'price', 'stock'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

const articleFilters = {
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  type: z.enum(['all', ...ARTICLE_TYPES]).default('all'),
  stockItem: z.enum(['all', 'yes', 'no']).default('all'),
};
export const articlesListQuerySchema = accountingListQuery(ARTICLE_SORTS, articleFilters);
export type ArticlesListQuery = z.input<typeof articlesListQuerySchema>;
export type ArticlesListFilter = z.output<typeof articlesListQuerySchema>;

export const articlesExportQuerySchema = articlesListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormatSchema });
export type ArticlesExportQuery = z.input<typeof articlesExportQuerySchema>;

export const articlesListSchema = z.object({ data: z.array(articleRowSchema), pagination: paginationSchema });

/** GET articles/search: the article lookup of invoice rows (active articles only). */
export const articleSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') }).strict();
export const articleOptionSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  description: z.string(),
  unit: z.string().nullable(),
  salesPriceOre: z.number().int().nullable(),
  vatPercent: z.number(),
});
export type ArticleOption = z.infer<typeof articleOptionSchema>;
