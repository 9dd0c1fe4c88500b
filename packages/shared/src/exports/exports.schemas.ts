import { z } from 'zod';
import { EXPORT_FORMATS } from '../accounting/accounting.schemas';
import { paginationSchema } from '../errors';
import type { Scope } from '../permissions/scopes';
import { encodeMessage } from '../validation/messages';

/**
 * Exports of a golf club's data for a period (docs/exports.md: /dashboard/golfrelated/exports with
 * its export log, "Start and End date is required", a start up to 12 months back).
 * Each export is one row of the export log; its file is kept for re-download for
 * EXPORT_FILE_DAYS days.
 */
export const EXPORT_KINDS = ['members', 'invoices', 'payments', 'git_bases'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** Besides `exports.read`, what a user must be allowed to read to export (or download) each kind. */
export const EXPORT_KIND_SCOPES = {
  members: 'members.read',
  invoices: 'invoices.read',
  payments: 'invoices.read',
  git_bases: 'git.read',
} as const satisfies Record<ExportKind, Scope>;
/** The accounting lists' export formats (CSV with BOM and semicolons, or an .xlsx workbook). */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** `queued` and `running` belong to exports too large to make while the request waits (a job). */
export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How far back a period may start ("Choose a date up to 12 months back in time"; docs/exports.md#period). */
export const EXPORT_MONTHS_BACK = 12;
/** How long a made file is kept for download again. */
export const EXPORT_FILE_DAYS = 14;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today in Sweden as `YYYY-MM-DD`: the club's calendar day, whatever the machine's zone. */
export function stockholmToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(now);
}

/** `date` moved `months` back, the day clamped to the target month's length (31 Mar − 1 → 28/29 Feb). */
function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The earliest day an export period may start. */
export function earliestExportDate(today: string = stockholmToday()): string {
  return monthsBefore(today, EXPORT_MONTHS_BACK);
}

const dateInput = () =>
  z
    .string()
    .trim()
    .max(10)
    .nullish()
    .transform((v) => v ?? '');

/**
 * POST exports: what to export and for which period. Both dates are required (one message for
 * either, "Start and End date is required"), real dates, the start at most 12 months back and the end not before it.
 * `today` is for tests; the server and the form use Sweden's today.
 */
export function exportRequestSchema(options: { today?: string } = {}) {
  return z
    .object({
      kind: z.enum(EXPORT_KINDS),
      format: z.enum(EXPORT_FORMATS).default('csv'),
      startDate: dateInput(),
      endDate: dateInput(),
    })
    .strict()
    .superRefine((value, ctx) => {
      const fields = ['startDate', 'endDate'] as const;
      let valid = true;
      for (const field of fields) {
        if (value[field] === '') {
          ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage('export_dates_required') });
          valid = false;
        } else if (!isRealDate(value[field])) {
          ctx.addIssue({ code: 'custom', path: [field], message: encodeMessage('date') });
          valid = false;
        }
      }
      if (!valid) return;
      const earliest = earliestExportDate(options.today ?? stockholmToday());
      if (value.startDate < earliest) {
        ctx.addIssue({
          code: 'custom',
          path: ['startDate'],
          message: encodeMessage('date_months_back', { months: EXPORT_MONTHS_BACK }),
        });
      }
      if (value.endDate < value.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: encodeMessage('period_end_before_start') });
      }
    });
}
export type ExportRequest = z.output<ReturnType<typeof exportRequestSchema>>;
export type ExportRequestInput = z.input<ReturnType<typeof exportRequestSchema>>;

/** One row of the export log: who exported what, when, and how it went. */
export const exportLogEntrySchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  startDate: z.string().max(10),
  endDate: z.string().max(10),
  status: z.enum(EXPORT_STATUSES),
  /** Rows in the file (without the header); null until it is made. */
  rowCount: z.number().int().nullable(),
  /** Bytes of the file; null until it is made. */
  fileSize: z.number().int().nullable(),
  fileName: z.string().max(200).nullable(),
  /** The file can be downloaded (made, and not yet past its keeping time). */
  fileAvailable: z.boolean(),
  /** When the file is removed. */
  expiresAt: z.string().nullable(),
  /** Why a failed export failed, in the reader's language. */
  error: z.string().max(2000).nullable(),
  /** The user who asked for it (null once the user is gone). */
  createdBy: z.string().max(200).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportLogEntry = z.infer<typeof exportLogEntrySchema>;

export const exportLogQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .strict();
export type ExportLogQuery = z.input<typeof exportLogQuerySchema>;

export const exportLogSchema = z.object({ data: z.array(exportLogEntrySchema), pagination: paginationSchema });
export type ExportLog = z.infer<typeof exportLogSchema>;
