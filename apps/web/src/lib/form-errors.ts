import { type Lang, translateValidationMessage } from '@fairway/shared';
import { useCallback } from 'react';
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnauthorized } from './api-client';
import { describeApiError } from './api-errors';
import { currentLanguage } from './i18n';

/**
 * Puts a refused call's messages where the user looks: field messages (localised by the server
 * from Accept-Language) on the matching inputs, everything else as one text for the form's alert.
 * Returns that text, or `null` when every message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string | null {
  if (isUnauthorized(error)) return error.message;
  if (!(error instanceof ApiError)) {
    const fallback = describeApiError(null, 0, currentLanguage());
    return fallback.kind === 'fields' ? fallback.title : fallback.message;
  }
  const { description } = error;
  if (description.kind !== 'fields') return description.message;
  const leftover: string[] = [];
  let focused = false;
  for (const { field, messages } of description.fields) {
    const target = fields.find((f) => f === field);
    if (target) {
      setError(target, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
      focused = true;
    } else {
      leftover.push(...messages);
    }
  }
  return leftover.length > 0 ? leftover.join(' ') : null;
}

/**
 * A form field's error as text in the current language: client-side messages are the shared
 * schemas' encoded keys, the server's arrive finished and pass through. `label` fills `{field}`.
 */
export function useFieldErrorText() {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sv';
  return useCallback(
    (error: FieldError | undefined, label?: string): string | undefined =>
      error?.message ? translateValidationMessage(error.message, lang, label?.toLocaleLowerCase(lang)) : undefined,
    [lang],
  );
}
