import type { Lang } from '../constants';

/**
 * Validation texts of the export form (docs/exports.md#period), merged
 * into VALIDATION_MESSAGES so both apps translate them like every other rule. The English text
 * is the one clubs have always read.
 */
export const EXPORTS_VALIDATION_MESSAGES = {
  export_dates_required: { sv: 'Start- och slutdatum måste anges', en: 'Start and End date is required' },
} as const satisfies Record<string, Record<Lang, string>>;
