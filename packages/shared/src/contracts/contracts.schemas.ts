import { z } from 'zod';
import {
  accountingListQuery,
  basisPointsField,
  codeField,
  exportFormatSchema,
  oreField,
  textField,
} from '../accounting/accounting.schemas';
import { customerNumberField } from '../customers/customers.schemas';
import { paginationSchema } from '../errors';
import { encodeMessage } from '../validation/messages';
import { isoDateField, optionalIsoDateField, vatRateField } from '../validation/rules';

/**
 * Contracts (docs/accounting-data.md#contracts). The accounting program keeps the
 * contract (Fortnox "avtal"); the portal adds its category, tags, a scheduled cancellation, the
 * moment it terminated the contract, and planned price changes.
 *
 * Status, computed from the mirror and today's date (Europe/Stockholm), first match wins:
 * - `terminated`: the portal terminated it (now, or on its scheduled cancellation date);
 * - `finished`: the accounting program has finished it (Fortnox status FINISHED: ended there, or
 *   its last period invoiced);
 * - `inactive`: the program marks it inactive;
 * - `upcoming`: its period starts after today;
 * - `active`: everything else (started, not finished, active).
 */
export const CONTRACT_STATUSES = ['upcoming', 'active', 'inactive', 'finished', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Months between invoices. */
export const CONTRACT_INTERVALS = [1, 3, 6, 12] as const;
export type ContractIntervalMonths = (typeof CONTRACT_INTERVALS)[number];

/** Where each action is allowed (the server refuses the rest; the web app offers only these). */
export const CONTRACT_ACTION_STATES = {
  update: ['upcoming', 'active', 'inactive'],
  terminate: ['upcoming', 'active', 'inactive'],
  scheduleCancellation: ['upcoming', 'active', 'inactive'],
  priceChange: ['upcoming', 'active', 'inactive'],
  createInvoice: ['upcoming', 'active'],
  tags: ['upcoming', 'active', 'inactive', 'finished', 'terminated'],
} as const satisfies Record<string, readonly ContractStatus[]>;
export type ContractAction = keyof typeof CONTRACT_ACTION_STATES;

export function contractActionAllowed(action: ContractAction, status: ContractStatus): boolean {
  return (CONTRACT_ACTION_STATES[action] as readonly ContractStatus[]).includes(status);
}

export const CONTRACT_TAGS_MAX = 20;
export const CONTRACT_TAG_MAX_LENGTH = 40;
export const CONTRACT_ROWS_MAX = 100;
/** Price changes: −100 % (free) to +1000 %, two decimals. */
export const PRICE_CHANGE_MIN_PERCENT = -100;
export const PRICE_CHANGE_MAX_PERCENT = 1000;

/**
 * A contract row, like an invoice row but always with an article (Fortnox requires a contract
 * row's ArticleNumber and DeliveredQuantity: apps/server/src/providers/fortnox/CONTRACT.md rule
 * R2); quantity in hundredths, price in öre ex VAT.
 */
export const contractRowInputSchema = z
  .object({
    articleNumber: codeField(50).default(null),
    description: textField(255).default(null),
    quantityHundredths: z.number().int().min(1).max(100_000_000).default(100),
    unit: codeField().default(null),
    priceOre: oreField(),
    vatPercent: vatRateField().default(25),
    discountBasisPoints: basisPointsField().default(0),
    costCenter: codeField().default(null),
    project: codeField().default(null),
  })
  .strict()
  .refine((row) => row.articleNumber !== null, {
    path: ['articleNumber'],
    message: encodeMessage('contract_row_article'),
  });
export type ContractRowInput = z.output<typeof contractRowInputSchema>;

const contractFields = {
  customerNumber: customerNumberField().min(1, { message: encodeMessage('customer_number_required') }),
  contractDate: isoDateField(),
  periodStart: isoDateField(),
  /** Empty: the program sets start + length − 1 day. */
  periodEnd: optionalIsoDateField().default(null),
  continuous: z.boolean().default(false),
  /** Months. */
  contractLength: z.number().int().min(1).max(120),
  invoiceInterval: z
    .number()
    .int()
    .refine((v) => (CONTRACT_INTERVALS as readonly number[]).includes(v), { message: encodeMessage('invalid_value') })
    .transform((v) => v as ContractIntervalMonths),
  active: z.boolean().default(true),
  vatIncluded: z.boolean().default(false),
  termsOfPayment: codeField().default(null),
  yourReference: textField(50).default(null),
  ourReference: textField(50).default(null),
  remarks: textField(1024).default(null),
  costCenter: codeField().default(null),
  project: codeField().default(null),
  /** Kept by the portal only. */
  category: textField(50).default(null),
  rows: z
    .array(contractRowInputSchema)
    .min(1, { message: encodeMessage('required') })
    .max(CONTRACT_ROWS_MAX),
};

/** The length must be whole invoice periods, and the period cannot end before it starts. */
const checkPeriods = <T extends z.ZodType>(schema: T) =>
  schema
    .refine(
      (v) => {
        const c = v as { contractLength?: unknown; invoiceInterval?: unknown };
        return (
          typeof c.contractLength !== 'number' ||
          typeof c.invoiceInterval !== 'number' ||
          c.contractLength % c.invoiceInterval === 0
        );
      },
      {
        path: ['contractLength'],
        message: encodeMessage('contract_length_interval'),
        when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null,
      },
    )
    .refine(
      (v) => {
        const c = v as { periodStart?: unknown; periodEnd?: unknown };
        return typeof c.periodStart !== 'string' || typeof c.periodEnd !== 'string' || c.periodEnd >= c.periodStart;
      },
      {
        path: ['periodEnd'],
        message: encodeMessage('period_end_before_start'),
        when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null,
      },
    );

/** POST contracts. */
/** POST contracts. `requestId`: the form's own id, so a resent form (a retry) creates one contract. */
export const createContractBodySchema = checkPeriods(
  z.object({ ...contractFields, requestId: z.string().uuid().optional() }).strict(),
);
export type CreateContractBody = z.input<typeof createContractBodySchema>;
export type CreateContractInput = z.output<typeof createContractBodySchema>;

/** PUT contracts/{id}: the whole contract (its number cannot change). */
export const updateContractBodySchema = checkPeriods(z.object(contractFields).strict());
export type UpdateContractBody = z.input<typeof updateContractBodySchema>;
export type UpdateContractInput = z.output<typeof updateContractBodySchema>;

/** PUT contracts/{id}/schedule-cancellation: a date from today on, or null to clear it. */
export const scheduleCancellationBodySchema = z.object({ date: isoDateField().nullable() }).strict();
export type ScheduleCancellationBody = z.input<typeof scheduleCancellationBodySchema>;

/** A percent with at most two decimals, as basis points (2.5 % → 250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** POST contracts/{id}/price-changes: increase (or, negative, decrease) every row's price on a date. */
export const priceChangeBodySchema = z
  .object({
    percent: z
      .number()
      .min(PRICE_CHANGE_MIN_PERCENT)
      .max(PRICE_CHANGE_MAX_PERCENT)
      .refine(twoDecimals, { message: encodeMessage('two_decimals') })
      .refine((v) => v !== 0, { message: encodeMessage('invalid_value') }),
    effectiveOn: isoDateField(),
  })
  .strict();
export type PriceChangeBody = z.input<typeof priceChangeBodySchema>;

/**
 * POST contracts/{id}/invoices: the last invoice date the user saw. The program invoices "the next
 * period", so a repeated request (a retry after a lost answer, a second tab) would invoice another
 * period; the server refuses it when the contract's last invoice date has moved since.
 */
export const contractInvoiceBodySchema = z.object({ lastInvoiceDate: isoDateField().nullable() }).strict();
export type ContractInvoiceBody = z.infer<typeof contractInvoiceBodySchema>;

/** PUT contracts/{id}/tags: the whole set; trimmed, duplicates dropped. */
export const contractTagsBodySchema = z
  .object({
    tags: z
      .array(z.string().trim().min(1).max(CONTRACT_TAG_MAX_LENGTH))
      .max(CONTRACT_TAGS_MAX)
      .transform((tags) => [...new Set(tags)]),
  })
  .strict();
export type ContractTagsBody = z.input<typeof contractTagsBodySchema>;

const rowSchema = z.object({
  articleNumber: z.string().nullable(),
  description: z.string(),
  quantityHundredths: z.number().int(),
  unit: z.string().nullable(),
  priceOre: z.number().int(),
  vatPercent: z.number(),
  discountBasisPoints: z.number().int(),
  costCenter: z.string().nullable(),
  project: z.string().nullable(),
});
export type ContractRow = z.infer<typeof rowSchema>;

export const PRICE_CHANGE_STATUSES = ['scheduled', 'applying', 'applied', 'failed'] as const;
export type PriceChangeStatus = (typeof PRICE_CHANGE_STATUSES)[number];

export const contractPriceChangeSchema = z.object({
  id: z.string().uuid(),
  contractId: z.string().uuid().nullable(),
  contractNumber: z.string(),
  /** Percent × 100; negative for a decrease. */
  changeBasisPoints: z.number().int(),
  effectiveOn: z.string(),
  status: z.enum(PRICE_CHANGE_STATUSES),
  appliedAt: z.string().nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ContractPriceChange = z.infer<typeof contractPriceChangeSchema>;

export const contractSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  customerNumber: z.string(),
  customerName: z.string(),
  contractDate: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
  continuous: z.boolean(),
  contractLength: z.number().int(),
  invoiceInterval: z.number().int(),
  active: z.boolean(),
  vatIncluded: z.boolean(),
  termsOfPayment: z.string().nullable(),
  yourReference: z.string().nullable(),
  ourReference: z.string().nullable(),
  remarks: z.string().nullable(),
  costCenter: z.string().nullable(),
  project: z.string().nullable(),
  rows: z.array(rowSchema),
  lastInvoiceDate: z.string().nullable(),
  invoicesRemaining: z.number().int().nullable(),
  totalOre: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  cancellationDate: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  priceChanges: z.array(contractPriceChangeSchema),
  /** The actions the status allows now. */
  actions: z.array(z.enum(Object.keys(CONTRACT_ACTION_STATES) as [ContractAction, ...ContractAction[]])),
  /** When the portal last read it from the accounting program. */
  syncedAt: z.string(),
  /** True when the program could not be reached and this is the mirror's copy; `notice` says why. */
  stale: z.boolean(),
  notice: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListRowSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  customerNumber: z.string(),
  customerName: z.string(),
  contractDate: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
  continuous: z.boolean(),
  invoiceInterval: z.number().int(),
  contractLength: z.number().int(),
  lastInvoiceDate: z.string().nullable(),
  totalOre: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  cancellationDate: z.string().nullable(),
});
export type ContractListRow = z.infer<typeof contractListRowSchema>;

export const CONTRACT_SORTS = [
  'number',
  'customerName',
  'contractDate',
  'periodStart',
  'periodEnd',
  'lastInvoiceDate',
  'totalOre',
  'status',
] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];

const contractFilters = {
  status: z.enum(['all', ...CONTRACT_STATUSES]).default('all'),
  /** Only contracts carrying this tag. */
  tag: z.string().trim().max(CONTRACT_TAG_MAX_LENGTH).optional(),
};
export const contractsListQuerySchema = accountingListQuery(CONTRACT_SORTS, contractFilters);
export type ContractsListQuery = z.input<typeof contractsListQuerySchema>;
export type ContractsListFilter = z.output<typeof contractsListQuerySchema>;

export const contractsExportQuerySchema = contractsListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: exportFormatSchema });
export type ContractsExportQuery = z.input<typeof contractsExportQuerySchema>;

/**
 * The list, and whether the club account's accounting program has contracts at all (Visma
 * eEkonomi has none: `supported` is false and `notice` says so in the reader's language).
 */
export const contractsListSchema = z.object({
  data: z.array(contractListRowSchema),
  pagination: paginationSchema,
  supported: z.boolean(),
  notice: z.string().nullable(),
});
export type ContractsList = z.infer<typeof contractsListSchema>;

/** At most this many tags in `GET contracts/tags` (a club uses a handful; the list is for a picker). */
export const CONTRACT_TAGS_LIST_MAX = 1_000;

/** GET contracts/tags (also `GET tags`): the tags in use, optionally those containing `search`. */
export const contractTagsQuerySchema = z.object({ search: z.string().trim().max(CONTRACT_TAG_MAX_LENGTH).optional() }).strict();
export type ContractTagsQuery = z.input<typeof contractTagsQuerySchema>;

/** A tag in use and how many of the caller's contracts carry it. */
export const contractTagUsageSchema = z.object({ name: z.string(), contracts: z.number().int() });
export type ContractTagUsage = z.infer<typeof contractTagUsageSchema>;

/**
 * The tags on the club account's contracts, by name; `supported` and `notice` as in the list
 * (Visma eEkonomi has no contracts, so no tags).
 */
export const contractTagsListSchema = z.object({
  data: z.array(contractTagUsageSchema).max(CONTRACT_TAGS_LIST_MAX),
  supported: z.boolean(),
  notice: z.string().nullable(),
});
export type ContractTagsList = z.infer<typeof contractTagsListSchema>;

/** GET schedules/contracts: what the daily job will do for the club account. */
export const contractScheduleItemSchema = z.object({
  kind: z.enum(['cancellation', 'priceChange']),
  contractId: z.string().uuid().nullable(),
  contractNumber: z.string(),
  customerName: z.string().nullable(),
  date: z.string(),
  /** Price changes only. */
  priceChange: contractPriceChangeSchema.nullable(),
});
export type ContractScheduleItem = z.infer<typeof contractScheduleItemSchema>;

export const contractSchedulesQuerySchema = z
  .object({
    /** Also show applied and failed price changes and executed cancellations. */
    include: z.enum(['pending', 'all']).default('pending'),
  })
  .strict();
export const contractSchedulesSchema = z.object({ data: z.array(contractScheduleItemSchema).max(10_000) });

/** POST contracts/{id}/invoices: the invoice made from the contract's next period. */
export const contractInvoiceSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string().nullable(),
  totalOre: z.number().int(),
  customerName: z.string(),
});
export type ContractInvoice = z.infer<typeof contractInvoiceSchema>;
