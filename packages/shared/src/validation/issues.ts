import type { Lang } from '../constants';
import { fieldLabel } from './field-labels';
import { translateValidationMessage } from './messages';

/** The parts of a zod issue that field errors need (works for zod's and serialised issues). */
export interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

export type FieldErrors = Record<string, string[]>;

function pathKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '_' : path.map((p) => String(p)).join('.');
}

/**
 * Groups issues by field in the error body shape of docs/api.md#errors, each message in `lang`.
 * An unknown-keys issue is reported once under every unknown field.
 */
export function issuesToFieldErrors(issues: readonly IssueLike[], lang: Lang): FieldErrors {
  // Field names come from the client (an unknown field may be called `constructor` or
  // `__proto__`), so they key a Map, never a plain object's inherited members.
  const out = new Map<string, string[]>();
  const add = (field: string, label: string | undefined, message: string) => {
    const text = translateValidationMessage(message, lang, label);
    const list = out.get(field) ?? [];
    if (!list.includes(text)) list.push(text);
    out.set(field, list);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) add(pathKey([...issue.path, key]), key, issue.message);
      continue;
    }
    // The field's label in the reader's language; a list index names no field ("rows.2").
    const last = [...issue.path].reverse().find((p) => typeof p === 'string');
    add(pathKey(issue.path), last === undefined ? undefined : fieldLabel(String(last), lang), issue.message);
  }
  return Object.fromEntries(out);
}
