import { AppError, type ErrorBody } from '../../lib/errors';
import { bilingual, type Lang, type MessageKey, type MessageParams, t } from '../../lib/i18n';

/**
 * What went wrong handing an SMS to 46elks, in the portal's terms (like `GitError` for GIT). The
 * client (client.ts) maps 46elks' statuses and plain-text error bodies onto a kind and a localised
 * message key; a send-out records it on the recipient.
 *
 * - `invalid`: 46elks refused the request itself (400 and other 4xx): sending it again cannot help;
 * - `unauthorized`: the API username or password is refused (401): someone must fix the configuration;
 * - `forbidden`: the account may not do it (403, e.g. "Not enough credits");
 * - `not_found`: no such SMS (a look-up by id);
 * - `rate_limited`, `unavailable`, `timeout`, `bad_response`: transient; worth trying again later.
 *
 * `maybeSent` says the SMS may have been sent although no answer said so (a timeout, a 5xx or an
 * unreadable answer after the request was handed over, with the history look-up failing too):
 * whoever tries again first looks for it with `ElksClient.findSent` (CONTRACT.md rule C2).
 */
export type SmsProviderErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'bad_response';

const STATUS: Record<SmsProviderErrorKind, number> = {
  invalid: 400,
  // Not 401: a refused provider login must not look like the portal user's own session ending.
  unauthorized: 409,
  forbidden: 409,
  not_found: 404,
  rate_limited: 429,
  unavailable: 503,
  timeout: 503,
  bad_response: 503,
};

const KEYS: Record<SmsProviderErrorKind, MessageKey> = {
  invalid: 'smsProvider.invalid',
  unauthorized: 'smsProvider.unauthorized',
  forbidden: 'smsProvider.forbidden',
  not_found: 'smsProvider.notFound',
  rate_limited: 'smsProvider.rateLimited',
  unavailable: 'smsProvider.unavailable',
  timeout: 'smsProvider.timeout',
  bad_response: 'smsProvider.badResponse',
};

const TRANSIENT: ReadonlySet<SmsProviderErrorKind> = new Set(['rate_limited', 'unavailable', 'timeout', 'bad_response']);

export interface SmsProviderErrorOptions {
  /** 46elks' HTTP status, when it answered. */
  providerStatus?: number;
  /** 46elks' own sentence (its error bodies are plain text), for the message and the logs. */
  detail?: string;
  maybeSent?: boolean;
  /** From `Retry-After`. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class SmsProviderError extends AppError {
  readonly statusCode: number;
  readonly providerStatus?: number;
  readonly detail?: string;
  readonly maybeSent: boolean;
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: SmsProviderErrorKind,
    options: SmsProviderErrorOptions = {},
  ) {
    const params: MessageParams | undefined =
      kind === 'invalid' || kind === 'forbidden'
        ? { detail: options.detail || `HTTP ${options.providerStatus ?? '?'}` }
        : undefined;
    super(KEYS[kind], params);
    this.statusCode = STATUS[kind];
    this.providerStatus = options.providerStatus;
    this.detail = options.detail;
    this.maybeSent = options.maybeSent ?? false;
    this.retryAfterMs = options.retryAfterMs;
    if (options.cause !== undefined) this.cause = options.cause;
    if (kind === 'rate_limited' && options.retryAfterMs !== undefined) {
      this.headers['retry-after'] = String(Math.max(1, Math.ceil(options.retryAfterMs / 1000)));
    }
  }

  /** Worth trying again later (after `findSent` when `maybeSent`). */
  get transient(): boolean {
    return TRANSIENT.has(this.kind);
  }

  override toBody(lang: Lang): ErrorBody {
    return {
      ...bilingual(this.messageKey, this.params),
      error: t(this.messageKey, lang, this.params),
      code: `sms.${this.kind}`,
    };
  }
}

export function isSmsProviderError(value: unknown): value is SmsProviderError {
  return value instanceof SmsProviderError;
}
