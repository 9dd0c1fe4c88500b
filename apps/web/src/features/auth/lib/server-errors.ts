import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, isUnauthorized } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';

/**
 * Puts a refused call's messages where the user looks: field messages (already localised by the
 * server from Accept-Language) on the matching inputs, everything else as one text for the
 * form's alert. Returns that text, or `null` when every message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string | null {
  if (isUnauthorized(error)) return error.message;
  if (!(error instanceof ApiError)) {
    // Not an answer from the server at all: spec §8's catch-all text.
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
