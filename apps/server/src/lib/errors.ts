import { type ErrorBody, issuesToFieldErrors, type SettingRef } from '@fairway/shared';
import { bilingual, type Lang, type MessageKey, type MessageParams, t } from './i18n';

export type { ErrorBody };

/**
 * The one error family of the server (docs/api.md#errors). Services throw these; the error handler
 * turns them into the bodies of docs/api.md#errors in the reader's language. `message` is always
 * Swedish and `eng_message` always English; texts inside `error`/`detail` follow Accept-Language.
 */
export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(t(messageKey, 'en', params));
    this.name = new.target.name;
  }

  toBody(_lang: Lang): ErrorBody {
    return bilingual(this.messageKey, this.params);
  }
}

/**
 * Field messages, keyed by field name (nested fields joined with '.'). A message is either a
 * validation message key of `@fairway/shared` (optionally encoded with parameters via
 * `encodeMessage`, e.g. `encodeMessage('password_reused')`), translated per reader, or plain text.
 */
export type FieldMessages = Record<string, readonly string[]>;

/** 400 with per-field messages: `{ message, eng_message, error: { field: [msg, …] } }`. */
export class ValidationError extends AppError {
  readonly statusCode = 400;

  constructor(
    readonly fieldErrors: FieldMessages,
    messageKey: MessageKey = 'errors.validation',
    /** A configuration setting the refusal is about (its field is not in the request): the body names it. */
    readonly setting?: SettingRef,
  ) {
    super(messageKey);
  }

  override toBody(lang: Lang): ErrorBody {
    const issues = Object.entries(this.fieldErrors).flatMap(([field, list]) =>
      list.map((message) => ({ path: field.split('.'), message })),
    );
    const body: ErrorBody = { ...bilingual(this.messageKey), error: issuesToFieldErrors(issues, lang) };
    return this.setting ? { ...body, setting: this.setting } : body;
  }
}

/** A business rule refused the request: 400 or 406 `{ message, eng_message, error: "<text>" }`. */
export class BusinessError extends AppError {
  constructor(
    readonly statusCode: 400 | 406,
    messageKey: MessageKey,
    params?: MessageParams,
  ) {
    super(messageKey, params);
  }

  override toBody(lang: Lang): ErrorBody {
    return { ...bilingual(this.messageKey, this.params), error: t(this.messageKey, lang, this.params) };
  }
}

/** 401 `{ message, eng_message, detail }`; the web client resolves it as a result. */
export class UnauthorizedError extends AppError {
  readonly statusCode = 401;

  constructor(
    messageKey: MessageKey = 'errors.unauthorized',
    readonly detailKey: MessageKey = 'errors.unauthorizedDetail',
    params?: MessageParams,
  ) {
    super(messageKey, params);
  }

  override toBody(lang: Lang): ErrorBody {
    return { ...bilingual(this.messageKey, this.params), detail: t(this.detailKey, lang, this.params) };
  }
}

/** 403 `{ message, eng_message }`; the web client shows it in the access-denied modal. */
export class ForbiddenError extends AppError {
  readonly statusCode = 403;

  constructor(messageKey: MessageKey = 'errors.forbidden', params?: MessageParams) {
    super(messageKey, params);
  }
}

/** 404; also what another tenant's id answers (docs/permissions.md#tenancy). */
export class NotFoundError extends AppError {
  readonly statusCode = 404;

  constructor(messageKey: MessageKey = 'errors.notFound', params?: MessageParams) {
    super(messageKey, params);
  }
}

export class ConflictError extends AppError {
  readonly statusCode = 409;

  constructor(messageKey: MessageKey = 'errors.conflict', params?: MessageParams) {
    super(messageKey, params);
  }
}

/** 429 with `Retry-After`; the message tells the wait unless another key is given. */
export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;

  constructor(
    readonly retryAfterSeconds: number,
    messageKey: MessageKey = 'errors.tooManyRequests',
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(messageKey, { seconds });
    this.headers['retry-after'] = String(seconds);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
