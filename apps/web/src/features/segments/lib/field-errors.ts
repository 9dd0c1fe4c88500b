import type { FieldError } from 'react-hook-form';

type ErrorText = (error: FieldError | undefined, label?: string) => string | undefined;

/**
 * The message of a list field (customer or article numbers): a message on the list itself (from
 * the server, or "too many"), else the first number refused, named so the user can find it.
 */
export function listErrorText(error: unknown, values: readonly string[], text: ErrorText, label: string): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = error as Partial<FieldError> & { root?: FieldError };
  if (own.message) return text(own as FieldError, label);
  if (own.root?.message) return text(own.root, label);
  for (const [key, item] of Object.entries(error)) {
    const index = Number(key);
    if (!Number.isInteger(index) || !item || typeof item !== 'object' || !('message' in item)) continue;
    const message = text(item as FieldError, label);
    if (message) return values[index] ? `${values[index]}: ${message}` : message;
  }
  return undefined;
}

/** Server field names onto form fields, numbers of the list (`customerNumbers.3`) onto the list. */
export function serverFieldMap<F extends string>(fields: readonly F[], listField: F, count: number): Record<string, F> {
  const map: Record<string, F> = Object.fromEntries(fields.map((f) => [f, f])) as Record<string, F>;
  for (let i = 0; i < count; i++) map[`${listField}.${i}`] = listField;
  return map;
}
