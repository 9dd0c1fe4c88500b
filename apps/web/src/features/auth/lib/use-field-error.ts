import type { Lang } from '@fairway/shared/constants';
import { translateValidationMessage } from '@fairway/shared/validation/messages';
import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export function toLang(language: string | undefined): Lang {
  return language === 'en' ? 'en' : 'sv';
}

/**
 * Turns a form field's error into text in the current language. Client-side messages are the
 * shared schemas' encoded keys; the server's messages arrive as finished text and pass through.
 * `fieldName` is the key under `auth:fieldNames` put into `{field}` (lower case, mid-sentence).
 */
export function useFieldError() {
  const { t, i18n } = useTranslation('auth');
  const lang = toLang(i18n.language);
  return useCallback(
    (error: FieldError | undefined, fieldName?: string): string | undefined => {
      if (!error?.message) return undefined;
      const label = fieldName ? t(`fieldNames.${fieldName}`) : undefined;
      return translateValidationMessage(error.message, lang, label);
    },
    [t, lang],
  );
}
