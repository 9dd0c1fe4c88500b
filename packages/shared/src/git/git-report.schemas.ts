import { z } from 'zod';
import { encodeMessage } from '../validation/messages';

/**
 * Reporting payments and credits made in the accounting program back to GIT (docs/git.md#report;
 * a bulk report covers invoices created, paid or credited in the last 6 months). POST `git/report-status` answers the queued run
 * (a `gitTransactionSchema` row of kind `report_status`).
 */

export const GIT_REPORT_KINDS = ['paid', 'credited'] as const;
export type GitReportKind = (typeof GIT_REPORT_KINDS)[number];

/** How far back a bulk report reaches (docs/git.md#report), in months. */
export const GIT_REPORT_WINDOW_MONTHS = 6;

/** At most this many invoice bases may be chosen for one report. */
export const GIT_REPORT_MAX_BASES = 10_000;

export const gitReportStatusBodySchema = z
  .object({
    /** `paid`: paid invoices → GIT mark paid; `credited`: credited invoices → GIT credit. */
    kind: z.enum(GIT_REPORT_KINDS),
    /**
     * The chosen invoice bases (mirror ids of `git/invoice-occasions/{id}/invoice-bases`). Left
     * out: every eligible invoice (created or paid within the last 6 months, on or after the API
     * configuration's start dates).
     */
    basisIds: z
      .array(z.string().uuid())
      .min(1, { message: encodeMessage('git_report_invoices_required') })
      .max(GIT_REPORT_MAX_BASES, { message: encodeMessage('max_value', { max: GIT_REPORT_MAX_BASES }) })
      .optional(),
  })
  .strict();
export type GitReportStatusBody = z.infer<typeof gitReportStatusBodySchema>;

/** The `counts` keys of a `report_status` run (each `{ created: 0, updated: n }`: GIT bases changed). */
export const GIT_REPORT_COUNT_KEYS = ['paid', 'partiallyPaid', 'credited'] as const;
