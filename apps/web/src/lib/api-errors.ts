import type { Lang } from '@fairway/shared';
import { i18n } from './i18n';

/** The fields of a failed call's body that the global handling reads (docs/web-app.md#errors). */
export interface ApiErrorBody {
  data?: unknown;
  error?: unknown;
  message?: unknown;
  eng_message?: unknown;
  detail?: unknown;
}

export interface FieldMessages {
  field: string;
  messages: string[];
}

/** What the shell shows for a failed call (docs/web-app.md#errors). */
export type ApiErrorDescription =
  /** A field → messages object: a red toast listing every field followed by its messages. */
  | { kind: 'fields'; title: string; fields: FieldMessages[] }
  /** A single text in a red toast. */
  | { kind: 'message'; title: string; message: string }
  /** 403: the access-denied modal with the server's message. */
  | { kind: 'access-denied'; title: string; message: string };

function asBody(body: unknown): ApiErrorBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as ApiErrorBody) : {};
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value == null ? [] : [String(value)];
}

/** `{ field: [messages…] }` with at least one field: the shape validation errors take. */
function fieldList(value: unknown): FieldMessages[] | undefined {
  if (!isPlainObject(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length === 0 || !entries.every(([, v]) => Array.isArray(v))) return undefined;
  return entries.map(([field, messages]) => ({ field, messages: toMessages(messages) }));
}

/** `message` when the language is Swedish, `eng_message` otherwise (docs/web-app.md#errors). */
export function localisedMessage(body: unknown, lang: Lang): string | undefined {
  const b = asBody(body);
  return nonEmptyString(lang === 'sv' ? b.message : b.eng_message);
}

/** The message a 401 resolves with: localised message, falling back to `detail` (docs/web-app.md#errors). */
export function unauthorizedMessage(body: unknown, lang: Lang): string {
  return (
    localisedMessage(body, lang) ??
    nonEmptyString(asBody(body).detail) ??
    i18n.getFixedT(lang, 'common')('apiErrors.unauthorized')
  );
}

/**
 * Maps a failed call to what the user sees, following docs/web-app.md#errors branch by branch. `status` 0 means
 * the request never got an answer (network failure, aborted connection).
 */
export function describeApiError(body: unknown, status: number, lang: Lang): ApiErrorDescription {
  const t = i18n.getFixedT(lang, 'common');
  const title = t('apiErrors.failed');
  const b = asBody(body);

  if (status === 403) {
    return {
      kind: 'access-denied',
      title: t('apiErrors.accessDeniedTitle'),
      message: localisedMessage(b, lang) ?? t('apiErrors.accessDeniedFallback'),
    };
  }

  const fields = fieldList(b.data) ?? fieldList(b.error);
  if (fields) return { kind: 'fields', title, fields };

  if (status === 400 || status === 406) {
    const { error } = b;
    if (Array.isArray(error)) return { kind: 'message', title, message: error.map(String).join(', ') };
    if (isPlainObject(error)) {
      const first = Object.keys(error)[0];
      if (first !== undefined) {
        return { kind: 'message', title, message: `${first}: ${toMessages(error[first]).join(', ')}` };
      }
    }
    const text = nonEmptyString(error) ?? localisedMessage(b, lang);
    return { kind: 'message', title, message: text ?? t('apiErrors.badRequest') };
  }

  // Server errors carry only a generic text and network failures none: both get the
  // catch-all text (docs/web-app.md#errors). Other refusals (404, 409, 429 …) explain themselves in the server's message.
  const message = status > 0 && status < 500 ? localisedMessage(b, lang) : undefined;
  return { kind: 'message', title, message: message ?? t('apiErrors.actionFailed') };
}
