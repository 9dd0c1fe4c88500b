import { z } from 'zod';
import { paginationSchema } from '../errors';
import { runStatusSchema } from '../runs/runs.schemas';
import { encodeMessage } from '../validation/messages';
import '../validation/zod-setup';

/**
 * Dubbelkoll's API (docs/duplicates.md): duplicate groups found in the accounting program's
 * documents, what they are made of, and what a reviewer does with them. Paths follow the product's
 * API list: `duplicates`, `duplicates/:id`, `duplicates/:id/details`, `duplicates/:id/not_duplicate/:x`,
 * `duplicates/:id/handle_group`, `duplicates/:id/handle_single/:x`, `field_mapper`,
 * `transaction-id-fields`, `available-resources`.
 */

/**
 * The document kinds compared. `invoice` is a customer invoice (the program's sales invoice);
 * `supplier_invoice` a purchase invoice. Documents of different kinds are never compared.
 */
export const DUPLICATE_RESOURCES = ['invoice', 'supplier_invoice', 'order', 'voucher'] as const;
export type DuplicateResource = (typeof DUPLICATE_RESOURCES)[number];
export const duplicateResourceSchema = z.enum(DUPLICATE_RESOURCES);

/** The fields a pair is compared on, in the order explanations list them. */
export const DUPLICATE_FIELDS = [
  'counterparty',
  'reference',
  'ocr',
  'bankAccount',
  'amount',
  'currency',
  'date',
  'dueDate',
  'text',
  'rows',
] as const;
export type DuplicateField = (typeof DUPLICATE_FIELDS)[number];
export const duplicateFieldSchema = z.enum(DUPLICATE_FIELDS);

/** The fields that can be a resource's transaction ID (what identifies the business event). */
export const TRANSACTION_ID_FIELDS = ['reference', 'ocr'] as const;
export type TransactionIdField = (typeof TRANSACTION_ID_FIELDS)[number];

/** How one field of two documents compares: equal, nearly (one typo, with/without VAT, a few days), different, or not compared. */
export const FIELD_OUTCOMES = ['matched', 'near', 'differed', 'not_compared'] as const;
export type FieldOutcome = (typeof FIELD_OUTCOMES)[number];

export const DUPLICATE_STATUS_FILTERS = ['all', 'solved', 'unsolved'] as const;
export type DuplicateStatusFilter = (typeof DUPLICATE_STATUS_FILTERS)[number];

// ---- list and group ---------------------------------------------------------------------------

/** GET duplicates. */
export const duplicatesListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    /** Transaction ID, document number, counterparty name or number. */
    search: z.string().trim().max(100).optional(),
    resource: duplicateResourceSchema.optional(),
    status: z.enum(DUPLICATE_STATUS_FILTERS).default('unsolved'),
    sort: z.enum(['found', 'amount', 'date', 'duplicates', 'confidence']).default('found'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();
export type DuplicatesListQuery = z.infer<typeof duplicatesListQuerySchema>;

/** A document as a reviewer sees it in a group. */
export const duplicateDocumentSchema = z.object({
  /**
   * The program's own number (a voucher: series + number, e.g. `A 17`, with its financial year where
   * the program numbers each year anew, `A 17 (2025)`).
   */
  number: z.string(),
  counterpartyNumber: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  reference: z.string().nullable(),
  ocr: z.string().nullable(),
  bankAccount: z.string().nullable(),
  /** Incl. VAT, öre; negative for a credit. */
  amountOre: z.number().int(),
  vatOre: z.number().int().nullable(),
  currency: z.string().nullable(),
  date: z.string(),
  dueDate: z.string().nullable(),
  text: z.string().nullable(),
  /** Booked (bookkept) in the program: it can no longer be cancelled, only credited or reversed. */
  booked: z.boolean(),
  /** Cancelled or credited in the program (by Dubbelkoll's handling or by hand). */
  cancelled: z.boolean(),
});
export type DuplicateDocumentView = z.infer<typeof duplicateDocumentSchema>;

export const DUPLICATE_MEMBER_STATES = ['open', 'not_duplicate', 'handled', 'handling'] as const;
export type DuplicateMemberState = (typeof DUPLICATE_MEMBER_STATES)[number];

/** A duplicate of a group's original, with how it compares to the original. */
export const duplicateMemberSchema = z.object({
  document: duplicateDocumentSchema,
  /** Confidence 0–1 that it is a duplicate of the original. */
  confidence: z.number().min(0).max(1),
  state: z.enum(DUPLICATE_MEMBER_STATES),
  fields: z.record(duplicateFieldSchema, z.enum(FIELD_OUTCOMES)),
});
export type DuplicateMember = z.infer<typeof duplicateMemberSchema>;

/** A group: the original (the earliest) and its duplicates. */
export const duplicateGroupSchema = z.object({
  id: z.uuid(),
  resource: duplicateResourceSchema,
  /** The original's value of the resource's transaction-ID field. */
  transactionId: z.string().nullable(),
  original: duplicateDocumentSchema,
  /** Duplicates still counted (not marked "not a duplicate"). */
  duplicateCount: z.number().int(),
  /** The money at stake: the sum of the open duplicates' amounts, öre. */
  amountAtStakeOre: z.number().int(),
  confidence: z.number().min(0).max(1),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  /** Fields every duplicate matched / at least one differed in / not compared for this resource. */
  matchedFields: z.array(duplicateFieldSchema),
  differedFields: z.array(duplicateFieldSchema),
  notComparedFields: z.array(duplicateFieldSchema),
  /** A handling job is under way: actions wait for it. */
  handling: z.boolean(),
  foundAt: z.string(),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

export const duplicatesListResponseSchema = z.object({ data: z.array(duplicateGroupSchema), pagination: paginationSchema });
export type DuplicatesListResponse = z.infer<typeof duplicatesListResponseSchema>;

/** GET duplicates/:id/details: the documents side by side. */
export const duplicateDetailsSchema = z.object({
  group: duplicateGroupSchema,
  duplicates: z.array(duplicateMemberSchema),
  /** The fields compared for the resource (the field mapper's choice) and the transaction-ID field. */
  compared: z.array(duplicateFieldSchema),
  transactionIdField: z.enum(TRANSACTION_ID_FIELDS),
});
export type DuplicateDetails = z.infer<typeof duplicateDetailsSchema>;

/** PUT duplicates/:id: mark resolved or unresolved. */
export const duplicateUpdateBodySchema = z.object({ resolved: z.boolean() }).strict();
export type DuplicateUpdateBody = z.infer<typeof duplicateUpdateBodySchema>;

/** `:x` of not_duplicate and handle_single: the document's number in the program. */
export const duplicateMemberParamsSchema = z.object({ id: z.uuid(), x: z.string().min(1).max(64) }).strict();

// ---- handling ---------------------------------------------------------------------------------

/** What handling does to one document in the program (docs/duplicates.md#handling). */
export const HANDLING_ACTIONS = ['cancel', 'credit', 'reverse', 'manual'] as const;
export type HandlingAction = (typeof HANDLING_ACTIONS)[number];

export const handlingStepSchema = z.object({
  number: z.string(),
  action: z.enum(HANDLING_ACTIONS),
  /** For `manual`: what to do by hand, as a message key of the duplicates messages. */
  manualKey: z.string().nullable(),
});
export type HandlingStep = z.infer<typeof handlingStepSchema>;

/** GET duplicates/:id/handle_group: what handling would do, before it is confirmed; and the last handling's state. */
export const handlingPlanSchema = z.object({
  steps: z.array(handlingStepSchema),
  /** The last handling job of the group, if any. */
  run: z
    .object({
      status: runStatusSchema,
      /** The program's message when it refused. */
      error: z.string().nullable(),
      handled: z.array(z.string()),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
});
export type HandlingPlan = z.infer<typeof handlingPlanSchema>;

/** PUT duplicates/:id/handle_group and handle_single/:x: the reviewer confirms what the plan showed. */
export const handlingBodySchema = z.object({ confirm: z.literal(true) }).strict();
export type HandlingBody = z.infer<typeof handlingBodySchema>;

// ---- configuration ----------------------------------------------------------------------------

export const fieldMappingSchema = z
  .object({
    transactionIdField: z.enum(TRANSACTION_ID_FIELDS),
    compared: z.array(duplicateFieldSchema).min(1).max(DUPLICATE_FIELDS.length),
  })
  .strict()
  .superRefine((mapping, ctx) => {
    // The amount and the date are what every comparison stands on (docs/duplicates.md#fields);
    // the transaction ID identifies the document, so it is compared too.
    for (const field of ['amount', 'date', mapping.transactionIdField] as const) {
      if (!mapping.compared.includes(field)) {
        ctx.addIssue({ code: 'custom', path: ['compared'], message: encodeMessage('duplicate_field_required', { name: field }) });
      }
    }
    if (new Set(mapping.compared).size !== mapping.compared.length) {
      ctx.addIssue({ code: 'custom', path: ['compared'], message: encodeMessage('duplicate_field_twice') });
    }
  });
export type FieldMappingInput = z.infer<typeof fieldMappingSchema>;

/** GET field_mapper: per resource the organisation's mapping, whether it is the default, and the default. */
export const fieldMapperSchema = z.record(
  duplicateResourceSchema,
  z.object({ mapping: fieldMappingSchema, isDefault: z.boolean(), defaults: fieldMappingSchema }),
);
export type FieldMapper = z.infer<typeof fieldMapperSchema>;

/** PUT field_mapper: one resource's mapping (`null` restores the default). */
export const fieldMapperUpdateBodySchema = z
  .object({ resource: duplicateResourceSchema, mapping: fieldMappingSchema.nullable() })
  .strict();
export type FieldMapperUpdateBody = z.infer<typeof fieldMapperUpdateBodySchema>;

/** GET transaction-id-fields: per resource the field that identifies a document and its choices. */
export const transactionIdFieldsSchema = z.record(
  duplicateResourceSchema,
  z.object({ field: z.enum(TRANSACTION_ID_FIELDS), choices: z.array(z.enum(TRANSACTION_ID_FIELDS)) }),
);
export type TransactionIdFields = z.infer<typeof transactionIdFieldsSchema>;

/** GET available-resources: which resources the connected program offers. */
export const availableResourcesSchema = z.array(
  z.object({
    resource: duplicateResourceSchema,
    available: z.boolean(),
    /**
     * The program refused the portal this resource at the last refresh (no module, or the
     * connection was made without its permission): connecting again may give it.
     */
    refused: z.boolean(),
    /** Documents of it in the mirror. */
    documents: z.number().int(),
  }),
);
export type AvailableResources = z.infer<typeof availableResourcesSchema>;

// ---- scans and the home -----------------------------------------------------------------------

/** The duplicate scan of the organisation (a run of the run engine), for the progress shown while it runs. */
export const duplicateScanSchema = z.object({
  status: runStatusSchema.nullable(),
  kind: z.enum(['full', 'incremental']).nullable(),
  /** Documents checked / to check. */
  done: z.number().int(),
  total: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;

/** GET duplicates/summary: the Dubbelkoll home. */
export const duplicatesSummarySchema = z.object({
  scan: duplicateScanSchema,
  perResource: z.array(
    z.object({
      resource: duplicateResourceSchema,
      documents: z.number().int(),
      unresolved: z.number().int(),
      resolved: z.number().int(),
      /** Open duplicates' amounts, öre. */
      atStakeOre: z.number().int(),
      /** Handled or resolved duplicates' amounts, öre. */
      savedOre: z.number().int(),
    }),
  ),
  /** Groups found and resolved per month, the last 12 months, oldest first (`YYYY-MM`). */
  months: z.array(z.object({ month: z.string(), found: z.number().int(), resolved: z.number().int() })),
  /** The subscription's allowance: documents scanned this month and the tier's limit (null: no limit). */
  usage: z.object({ documentsThisMonth: z.number().int(), documentsPerMonth: z.number().int().nullable() }),
});
export type DuplicatesSummary = z.infer<typeof duplicatesSummarySchema>;
