import type { Lang } from '../constants';

/**
 * Validation texts of the GIT Excel import (git-import.schemas.ts), merged into
 * VALIDATION_MESSAGES so that `encodeMessage` and both apps translate them like every other rule.
 */
export const GIT_IMPORT_VALIDATION_MESSAGES = {
  git_import_column_twice: {
    sv: 'Kolumnen används redan för ett annat fält',
    en: 'The column is already used for another field',
  },
} as const satisfies Record<string, Record<Lang, string>>;
