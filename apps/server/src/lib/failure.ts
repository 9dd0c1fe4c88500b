import { storableDeep } from '@fairway/shared';
import { AppError } from './errors';
import { isMessageKey, type Lang, type MessageKey, type MessageParams, t } from './i18n';

/**
 * What a run, an item, a receipt, an e-mail or an event log entry keeps as its error, and what
 * the API shows of it. A failure is stored as a message key with its params (JSON), rendered in
 * the reader's language: our own errors (AppError, which includes the accounting programs' and
 * GIT's, whose params carry the provider's own message) keep their key; anything else (a
 * database error, a bug) is stored as a generic reason, and its technical text belongs in the
 * server log only, where the caller writes it. Params are cleaned so the row can be stored.
 */
export interface FailureReason {
  key: MessageKey;
  params: MessageParams;
}

const UNEXPECTED: MessageKey = 'errors.unexpectedFailure';

export function failureReason(error: unknown): FailureReason {
  if (error instanceof AppError) return { key: error.messageKey, params: storableDeep({ ...(error.params ?? {}) }) };
  return { key: UNEXPECTED, params: {} };
}

/** The failure as a column keeps it (see `renderFailure`). */
export function encodeFailure(error: unknown): string {
  return JSON.stringify(failureReason(error));
}

/** A reason of our own, stored like `encodeFailure`'s. */
export function encodeReason(key: MessageKey, params: MessageParams = {}): string {
  return JSON.stringify({ key, params: storableDeep(params) } satisfies FailureReason);
}

/**
 * A stored failure in `lang`. A column may also hold a plain text a provider reported as such
 * (e.g. Fortnox's own message, an SMTP server's answer), which is shown as written; failures of
 * unknown origin are never stored as text (see `encodeFailure`).
 */
export function renderFailure(stored: string | null, lang: Lang): string | null {
  if (!stored) return null;
  if (isMessageKey(stored)) return t(stored, lang);
  if (!stored.startsWith('{')) return stored;
  try {
    const parsed = JSON.parse(stored) as { key?: unknown; params?: MessageParams; text?: unknown };
    if (typeof parsed.key === 'string' && isMessageKey(parsed.key)) return t(parsed.key, lang, parsed.params ?? {});
    if (typeof parsed.text === 'string') return parsed.text;
  } catch {
    return stored;
  }
  return t(UNEXPECTED, lang);
}

/** A failure as text in `lang`, for columns that keep rendered text rather than the reason. */
export function failureText(error: unknown, lang: Lang): string {
  return renderFailure(encodeFailure(error), lang) ?? '';
}
