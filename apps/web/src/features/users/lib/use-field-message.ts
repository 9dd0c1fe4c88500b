import { translateValidationMessage } from '@fairway/shared';
import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * A form field's error in the reader's language: the shared schemas' encoded keys are translated
 * with the field's name (`users:management.fieldNames.<field>`); server texts pass through.
 */
export function useFieldMessage() {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  return useCallback(
    (error: FieldError | undefined, field: string): string | undefined =>
      error?.message ? translateValidationMessage(error.message, lang, t(`management.fieldNames.${field}`)) : undefined,
    [t, lang],
  );
}
