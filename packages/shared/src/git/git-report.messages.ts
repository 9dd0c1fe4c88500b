import type { Lang } from '../constants';

/** Validation messages of reporting payments and credits back to GIT; part of VALIDATION_MESSAGES. */
export const GIT_REPORT_VALIDATION_MESSAGES = {
  git_report_invoices_required: { sv: 'Välj en eller flera fakturor', en: 'Kindly select one or more invoices' },
} as const satisfies Record<string, Record<Lang, string>>;
