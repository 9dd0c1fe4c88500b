import { type Lang, type SettingRef, settingRefSchema, translateValidationMessage } from '@fairway/shared';
import { useCallback } from 'react';
import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnauthorized } from './api-client';
import { describeApiError } from './api-errors';
import { emitAppEvent } from './app-events';
import { currentLanguage } from './i18n';

export interface FormFailure {
  /** HTTP status of the refusal; 0 when no answer arrived. */
  status: number;
  /** Text for the form's alert, or null when every message found its field. */
  message: string | null;
  /**
   * The configuration setting the refusal is about, when it is not one of the form's fields
   * (e.g. the API configuration's `club_to_sync` for a report to GIT): the alert links to it.
   */
  setting?: SettingRef;
}

/** The `setting` an error body names (packages/shared/src/errors.ts), when it is a well-formed one. */
function settingOf(error: ApiError): SettingRef | undefined {
  const parsed = settingRefSchema.safeParse((error.body as { setting?: unknown } | null)?.setting);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Puts a refused call's messages where the user looks: field messages (localised by the server
 * from Accept-Language) on the matching inputs, a 403 in the access-denied modal like every other
 * refused call, and anything else as one text for the form's alert. `fields` lists the form's
 * fields, or maps the server's field names to them where they differ.
 */
export function applyFormErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[] | Partial<Record<string, FieldPath<T>>>,
): FormFailure {
  if (isUnauthorized(error)) return { status: 401, message: error.message };
  if (!(error instanceof ApiError)) {
    // Not an answer from the server at all: the catch-all text (docs/web-app.md#errors).
    const fallback = describeApiError(null, 0, currentLanguage());
    return { status: 0, message: fallback.kind === 'fields' ? fallback.title : fallback.message };
  }
  const { description, status } = error;
  if (description.kind === 'access-denied') {
    emitAppEvent('access-denied', { message: description.message });
    return { status, message: null };
  }
  const setting = settingOf(error);
  const withSetting = (failure: FormFailure): FormFailure =>
    setting && failure.message !== null ? { ...failure, setting } : failure;
  if (description.kind !== 'fields') return withSetting({ status, message: description.message });
  const target = (field: string): FieldPath<T> | undefined =>
    Array.isArray(fields) ? fields.find((f) => f === field) : (fields as Partial<Record<string, FieldPath<T>>>)[field];
  // Messages for fields the form does not show go to the alert, so no refusal is left unsaid.
  const leftover: string[] = [];
  let settingPlaced = false;
  let focused = false;
  for (const { field, messages } of description.fields) {
    const path = target(field);
    if (path) {
      setError(path, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
      focused = true;
      if (field === setting?.field) settingPlaced = true;
    } else {
      leftover.push(...messages);
    }
  }
  const failure = { status, message: leftover.length > 0 ? leftover.join(' ') : null };
  return settingPlaced ? failure : withSetting(failure);
}

/**
 * A refused call made outside a form (a dialog's confirm button): the whole refusal for the
 * dialog's alert, field messages included, and a 403 in the access-denied modal. Pair it with a
 * silent call (`{ silent: true }`) so the message shows in the dialog instead of a passing toast.
 */
export function callFailure(error: unknown): FormFailure {
  return applyFormErrors<FieldValues>(error, () => undefined, []);
}

/** `applyFormErrors` for forms that need only the alert text (null: nothing left to show). */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string | null {
  return applyFormErrors(error, setError, fields).message;
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
