import { z } from 'zod';
import { encodeMessage } from '../validation/messages';

/**
 * Importing an invoice batch (*fakturaomgång*) from the Excel (.xlsx) export GIT offers (docs/git.md#import:
 * the path that needs no GIT licence). Three steps: upload (the sheet is parsed and kept), preview
 * (a column mapping turns the rows into invoices with row-level errors) and commit (the batch
 * becomes an invoice occasion with its invoice bases in the portal's copy of GIT). The layout of
 * the export is described in apps/server/src/modules/git/import/GIT-EXCEL-EXPORT.md.
 */

/** Largest file accepted. */
export const GIT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Most data rows one import may hold. */
export const GIT_IMPORT_MAX_ROWS = 5000;
/** Most columns read from the header row. */
export const GIT_IMPORT_MAX_COLUMNS = 60;
/** Rows shown as a sample after the upload. */
export const GIT_IMPORT_SAMPLE_ROWS = 10;

/** The fields a column can be mapped to, in the order the mapping step shows them. */
export const GIT_IMPORT_FIELDS = [
  'invoiceNumber',
  'golfId',
  'firstName',
  'lastName',
  'payerGolfId',
  'payerName',
  'email',
  'address',
  'postalCode',
  'city',
  'articleCode',
  'description',
  'quantity',
  'amount',
  'vatRate',
  'dueDate',
  'invoiceDate',
  'memberCategory',
] as const;
export type GitImportField = (typeof GIT_IMPORT_FIELDS)[number];

/** Fields without which a row cannot become an invoice row. */
export const GIT_IMPORT_REQUIRED_FIELDS = [
  'invoiceNumber',
  'golfId',
  'firstName',
  'lastName',
  'articleCode',
  'description',
  'amount',
] as const satisfies readonly GitImportField[];

export const isRequiredGitImportField = (field: GitImportField) =>
  (GIT_IMPORT_REQUIRED_FIELDS as readonly string[]).includes(field);

/** A cell as read from the sheet: text, a number, or a date (as `YYYY-MM-DD`). */
export type GitImportCell = string | number | null;

/** Field → the 0-based index of the column it is read from (null or absent: not mapped). */
const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(GIT_IMPORT_MAX_COLUMNS - 1)
  .nullable()
  .optional();
export const gitImportMappingSchema = z
  .object(Object.fromEntries(GIT_IMPORT_FIELDS.map((f) => [f, columnIndex])) as Record<GitImportField, typeof columnIndex>)
  .strict()
  .superRefine((mapping, ctx) => {
    for (const field of GIT_IMPORT_REQUIRED_FIELDS) {
      if (mapping[field] === null || mapping[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage('required') });
      }
    }
    const seen = new Map<number, string>();
    for (const field of GIT_IMPORT_FIELDS) {
      const index = mapping[field];
      if (index === null || index === undefined) continue;
      if (seen.has(index)) ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage('git_import_column_twice') });
      else seen.set(index, field);
    }
  });
export type GitImportMapping = Partial<Record<GitImportField, number | null>>;

const isoDate = z
  .string()
  .max(10, { message: encodeMessage('date') })
  .pipe(z.iso.date({ message: encodeMessage('date') }));

export const gitImportPreviewBodySchema = z
  .object({
    mapping: gitImportMappingSchema,
    occasionName: z
      .string()
      .trim()
      .min(1, { message: encodeMessage('required') })
      .max(120),
    /** Used for rows whose invoice date is not mapped or empty. */
    invoiceDate: isoDate,
    /** Used for rows whose due date is not mapped or empty. */
    dueDate: isoDate,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.dueDate < body.invoiceDate) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: encodeMessage('due_before_invoice_date') });
    }
  });
export type GitImportPreviewBody = z.infer<typeof gitImportPreviewBodySchema>;

export const gitImportCommitBodySchema = z
  .object({
    mapping: gitImportMappingSchema,
    occasionName: z
      .string()
      .trim()
      .min(1, { message: encodeMessage('required') })
      .max(120),
    invoiceDate: isoDate,
    dueDate: isoDate,
    /** Leave out the invoices that have an invalid row; when false, any invalid row refuses the commit. */
    skipInvalid: z.boolean(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.dueDate < body.invoiceDate) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: encodeMessage('due_before_invoice_date') });
    }
  });
export type GitImportCommitBody = z.infer<typeof gitImportCommitBodySchema>;

const cellSchema = z.union([z.string(), z.number(), z.null()]);

export const gitImportUploadSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  sheetNames: z.array(z.string()),
  /** The sheet read (the first with a header row). */
  sheetName: z.string(),
  /** The Excel row number of the header row. */
  headerRow: z.number().int(),
  /** Header texts, in column order (empty for a column without a header). */
  columns: z.array(z.string()),
  rowCount: z.number().int(),
  /** The first rows, each with its Excel row number. */
  sampleRows: z.array(z.object({ row: z.number().int(), cells: z.array(cellSchema) })),
  suggestedMapping: z.record(z.string(), z.number().int().nullable()),
  status: z.enum(['uploaded', 'committed']),
  occasionId: z.string().uuid().nullable(),
});
export type GitImportUpload = z.infer<typeof gitImportUploadSchema>;

/** One problem of one row; `row` is the row number as Excel shows it. */
export const gitImportRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type GitImportRowError = z.infer<typeof gitImportRowErrorSchema>;

export const gitImportPreviewRowSchema = z.object({
  row: z.number().int(),
  golfId: z.string(),
  memberName: z.string(),
  articleCode: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** The row's amount including VAT, öre; null when the cell could not be read. */
  amountOre: z.number().int().nullable(),
  vatRate: z.number().nullable(),
  errors: z.array(gitImportRowErrorSchema),
});
export type GitImportPreviewRow = z.infer<typeof gitImportPreviewRowSchema>;

export const gitImportPreviewInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  golfId: z.string(),
  memberName: z.string(),
  payerGolfId: z.string(),
  payerName: z.string(),
  email: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  totalOre: z.number().int(),
  valid: z.boolean(),
  rows: z.array(gitImportPreviewRowSchema),
  /** Every error of the invoice's rows, and those of the invoice as a whole (e.g. two payers). */
  errors: z.array(gitImportRowErrorSchema),
});
export type GitImportPreviewInvoice = z.infer<typeof gitImportPreviewInvoiceSchema>;

export const gitImportPreviewSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  occasionName: z.string(),
  counts: z.object({
    invoices: z.number().int(),
    validInvoices: z.number().int(),
    invalidInvoices: z.number().int(),
    rows: z.number().int(),
    validRows: z.number().int(),
    invalidRows: z.number().int(),
    /** Sum of the valid invoices, öre. */
    validTotalOre: z.number().int(),
  }),
  invoices: z.array(gitImportPreviewInvoiceSchema),
});
export type GitImportPreview = z.infer<typeof gitImportPreviewSchema>;

export const gitImportCommitResultSchema = z.object({
  importId: z.string().uuid(),
  /** The invoice occasion the batch became (its page: /dashboard/golfrelated/git/invoice-occasions/{occasionId}). */
  occasionId: z.string().uuid(),
  occasionGitId: z.string(),
  invoices: z.number().int(),
  skippedInvoices: z.number().int(),
  membersCreated: z.number().int(),
  articlesCreated: z.number().int(),
  totalOre: z.number().int(),
  /** False when the import had already been committed and this answer is that earlier commit. */
  created: z.boolean(),
});
export type GitImportCommitResult = z.infer<typeof gitImportCommitResultSchema>;
