import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, isUnauthorized } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/api-errors';
import { emitAppEvent } from '../../../lib/app-events';
import { currentLanguage } from '../../../lib/i18n';

export interface FormFailure {
  /** HTTP status of the refusal; 0 when no answer arrived. */
  status: number;
  /** Text for the form's alert, or null when every message found its field. */
  message: string | null;
}

/**
 * Puts a refused call's messages where the user looks: field messages (the server localises them)
 * on the matching inputs, a 403 in the access-denied modal like every other refused call, and
 * anything else as one text for the form's alert.
 */
export function applyFormErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Partial<Record<string, FieldPath<T>>>,
): FormFailure {
  if (isUnauthorized(error)) return { status: 401, message: error.message };
  if (!(error instanceof ApiError)) {
    const fallback = describeApiError(null, 0, currentLanguage());
    return { status: 0, message: fallback.kind === 'fields' ? fallback.title : fallback.message };
  }
  const { description, status } = error;
  if (description.kind === 'access-denied') {
    emitAppEvent('access-denied', { message: description.message });
    return { status, message: null };
  }
  if (description.kind !== 'fields') return { status, message: description.message };
  const leftover: string[] = [];
  let focused = false;
  for (const { field, messages } of description.fields) {
    const target = fields[field];
    if (target) {
      setError(target, { type: 'server', message: messages.join(' ') }, { shouldFocus: !focused });
      focused = true;
    } else {
      leftover.push(...messages);
    }
  }
  return { status, message: leftover.length > 0 ? leftover.join(' ') : null };
}
