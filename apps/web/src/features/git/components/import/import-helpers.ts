import {
  GIT_IMPORT_FIELDS,
  GIT_IMPORT_MAX_BYTES,
  type GitImportMapping,
  type GitImportPreviewBody,
  gitImportPreviewBodySchema,
  type Lang,
  translateValidationMessage,
} from '@fairway/shared';

/** Excel's column letter of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Why a chosen file cannot be uploaded (checked again by the server), or null. */
export function fileProblem(file: File | null): 'required' | 'type' | 'size' | null {
  if (!file) return 'required';
  if (!/\.xlsx$/i.test(file.name)) return 'type';
  if (file.size > GIT_IMPORT_MAX_BYTES) return 'size';
  return null;
}

/** The suggested mapping as the wizard holds it: every field, null when not mapped. */
export function initialMapping(suggested: Record<string, number | null>): GitImportMapping {
  return Object.fromEntries(GIT_IMPORT_FIELDS.map((f) => [f, suggested[f] ?? null])) as GitImportMapping;
}

/**
 * The shared rule of the preview body (required fields mapped, no column twice, dates), with
 * each message in the reader's language, keyed like the server's field errors (`mapping.golfId`).
 */
export function checkSettings(body: GitImportPreviewBody, lang: Lang): Record<string, string> {
  const parsed = gitImportPreviewBodySchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= translateValidationMessage(issue.message, lang);
  }
  return errors;
}

/** A file name without its extension, as the invoice occasion's suggested name. */
export const baseName = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 120);

/** Today as YYYY-MM-DD, and 30 days later as the due date (a common term; the user changes it). */
export function defaultDates(now = new Date()): { invoiceDate: string; dueDate: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const due = new Date(now);
  due.setUTCDate(due.getUTCDate() + 30);
  return { invoiceDate: iso(now), dueDate: iso(due) };
}
