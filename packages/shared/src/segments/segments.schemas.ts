import { z } from 'zod';
import { VAT_RATES } from '../constants';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { optionalString, requiredString } from '../validation/rules';

/**
 * Segments (docs/accounting-data.md#segments): the portal's own grouping of accounting customers and articles. The
 * accounting programs have no such thing, so segments live only in our database, per club
 * account. Members are named by their number in the accounting program (customer number, article
 * number), so a segment survives a resync of the mirror and can name customers not mirrored yet.
 *
 * A customer (or article) belongs to at most one segment of its kind: a segment carries terms
 * (discount, fees, VAT defaults…), and two segments would give one customer two conflicting sets.
 */
export const SEGMENT_KINDS = ['customer', 'article'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

export const SEGMENT_NAME_MAX = 100;
export const SEGMENT_DESCRIPTION_MAX = 500;
export const SEGMENT_NOTES_MAX = 2000;
/** Customer and article numbers as the accounting programs keep them (Fortnox allows up to 50). */
export const SEGMENT_MEMBER_NUMBER_MAX = 50;
/** Members per segment; a club has a few thousand members at most. */
export const SEGMENT_MEMBERS_MAX = 5000;
/** Admin fee and freight per invoice: at most 100 000 kr, in öre (docs/api.md#money-and-dates). */
export const SEGMENT_FEE_MAX_ORE = 10_000_000;
/** Cost centre and project codes (Fortnox keeps short codes; Visma up to 20 characters). */
export const SEGMENT_CODE_MAX = 20;

const memberNumber = () =>
  z
    .string()
    .trim()
    .min(1, { message: encodeMessage('required') })
    .max(SEGMENT_MEMBER_NUMBER_MAX)
    // Numbers are identifiers: a space or control character inside is a typing mistake.
    .regex(/^[^\s\p{Cc}]+$/u, { message: encodeMessage('regex') });

const memberNumbers = () => z.array(memberNumber()).max(SEGMENT_MEMBERS_MAX);

/** A percentage with at most two decimals, 0–100. */
const percent = () =>
  z
    .number()
    .min(0)
    .max(100)
    // toFixed, not v * 100: 0.29 * 100 is 28.999… in floating point.
    .refine((v) => Number(v.toFixed(2)) === v, { message: encodeMessage('invalid_value') });

/** An amount in öre, whole, 0 to 100 000 kr. */
const amountOre = () => z.number().int().min(0).max(SEGMENT_FEE_MAX_ORE);

const vatRate = () =>
  z.number().refine((v) => (VAT_RATES as readonly number[]).includes(v), { message: encodeMessage('invalid_value') });

/** Empty, or a four-digit account of the BAS chart (e.g. 3001 sales within Sweden, 25 % VAT). */
const salesAccount = () =>
  z
    .string()
    .trim()
    .max(4)
    .refine((v) => v === '' || /^\d{4}$/.test(v), { message: encodeMessage('digits', { length: 4 }) });

const code = () =>
  z
    .string()
    .trim()
    .max(SEGMENT_CODE_MAX)
    .regex(/^[\p{L}\p{N}_-]*$/u, { message: encodeMessage('alpha_dash') });

const common = {
  name: requiredString(SEGMENT_NAME_MAX),
  description: optionalString(SEGMENT_DESCRIPTION_MAX).default(''),
  notes: optionalString(SEGMENT_NOTES_MAX).default(''),
};

/**
 * POST segments/customers and PUT segments/customers/{id}: the whole segment. Null amounts and
 * discount mean "not set by the segment": the accounting program's own default applies.
 */
export const customerSegmentBodySchema = z
  .object({
    ...common,
    recurringBilling: z.boolean().default(false),
    pricesIncludeVat: z.boolean().default(false),
    interestBilling: z.boolean().default(false),
    discountPercent: percent().nullable().default(null),
    adminFeeOre: amountOre().nullable().default(null),
    freightOre: amountOre().nullable().default(null),
    customerNumbers: memberNumbers().default([]),
  })
  .strict();
export type CustomerSegmentBody = z.infer<typeof customerSegmentBodySchema>;
export type CustomerSegmentBodyInput = z.input<typeof customerSegmentBodySchema>;

/**
 * POST segments/articles and PUT segments/articles/{id}. The defaults an article of the segment
 * gets when created or invoiced through the portal: VAT rate, sales account, cost centre and
 * project. Empty (or null VAT) means "not set by the segment".
 */
export const articleSegmentBodySchema = z
  .object({
    ...common,
    vatRate: vatRate().nullable().default(null),
    salesAccount: salesAccount().default(''),
    costCentre: code().default(''),
    project: code().default(''),
    articleNumbers: memberNumbers().default([]),
  })
  .strict();
export type ArticleSegmentBody = z.infer<typeof articleSegmentBodySchema>;
export type ArticleSegmentBodyInput = z.input<typeof articleSegmentBodySchema>;

const stored = {
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const customerTerms = {
  recurringBilling: z.boolean(),
  pricesIncludeVat: z.boolean(),
  interestBilling: z.boolean(),
  discountPercent: z.number().nullable(),
  adminFeeOre: z.number().int().nullable(),
  freightOre: z.number().int().nullable(),
};

const articleDefaults = {
  vatRate: z.number().int().nullable(),
  salesAccount: z.string(),
  costCentre: z.string(),
  project: z.string(),
};

/** GET segments/customers/{id}: the segment with its customers' numbers, sorted. */
export const customerSegmentSchema = z.object({
  ...stored,
  ...customerTerms,
  customerNumbers: z.array(z.string()),
  customerCount: z.number().int(),
});
export type CustomerSegment = z.infer<typeof customerSegmentSchema>;

/** GET segments/customers: one row of the list (members counted, not listed). */
export const customerSegmentListItemSchema = customerSegmentSchema.omit({ customerNumbers: true, notes: true });
export type CustomerSegmentListItem = z.infer<typeof customerSegmentListItemSchema>;

export const articleSegmentSchema = z.object({
  ...stored,
  ...articleDefaults,
  articleNumbers: z.array(z.string()),
  articleCount: z.number().int(),
});
export type ArticleSegment = z.infer<typeof articleSegmentSchema>;

export const articleSegmentListItemSchema = articleSegmentSchema.omit({ articleNumbers: true, notes: true });
export type ArticleSegmentListItem = z.infer<typeof articleSegmentListItemSchema>;

/**
 * GET segments/info/articles/{id}: what invoicing and the article screens need to apply a
 * segment: its defaults, its article numbers and how many there are.
 */
export const articleSegmentInfoSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  ...articleDefaults,
  articleNumbers: z.array(z.string()),
  articleCount: z.number().int(),
});
export type ArticleSegmentInfo = z.infer<typeof articleSegmentInfoSchema>;

export const SEGMENT_SORTS = ['name', 'members', 'updatedAt', 'createdAt'] as const;
export type SegmentSort = (typeof SEGMENT_SORTS)[number];

/** GET segments/customers and segments/articles: search by name, description or member number. */
export const segmentsListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(SEGMENT_SORTS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();
export type SegmentsListQuery = z.infer<typeof segmentsListQuerySchema>;

export const customerSegmentsListResponseSchema = z.object({
  data: z.array(customerSegmentListItemSchema),
  pagination: paginationSchema,
});
export const articleSegmentsListResponseSchema = z.object({
  data: z.array(articleSegmentListItemSchema),
  pagination: paginationSchema,
});

/** Where each kind's pages live in the web app ("acounting" spelled so on purpose; docs/web-app.md#routes). */
export const SEGMENT_PATHS: Record<SegmentKind, { list: string; create: string; edit: (id: string) => string }> = {
  customer: {
    list: '/dashboard/acounting/customers?tab=segments',
    create: '/dashboard/acounting/customers/segment/create',
    edit: (id) => `/dashboard/acounting/customers/segment/edit/${encodeURIComponent(id)}`,
  },
  article: {
    list: '/dashboard/acounting/article?tab=segments',
    create: '/dashboard/acounting/article/segment/create',
    edit: (id) => `/dashboard/acounting/article/segment/edit/${encodeURIComponent(id)}`,
  },
};
