import { AppError, type ErrorBody } from '../../lib/errors';
import { bilingual, type Lang, type MessageKey, type MessageParams, t } from '../../lib/i18n';

/**
 * What went wrong talking to GIT, in the portal's terms (like `AccountingError` for the
 * accounting programs). The client maps GIT's `{ error: { code, message } }` and its statuses
 * onto a kind and a localised message key; routes let it through the normal error handler.
 *
 * - `unauthorized`: the API key or club id is refused (revoked, wrong club): someone must act;
 * - `not_found`: the member, occasion or basis is not in GIT;
 * - `invalid`: GIT refused the values (400/422);
 * - `conflict`: the basis cannot take the change (paid with another payment, credited);
 * - `rate_limited`, `unavailable` (5xx, timeouts, unreadable answers): transient; jobs retry them.
 */
export type GitErrorKind = 'unauthorized' | 'not_found' | 'invalid' | 'conflict' | 'rate_limited' | 'unavailable';

const STATUS: Record<GitErrorKind, number> = {
  // Not 401: a refused GIT key must not look like the portal user's own session ending.
  unauthorized: 409,
  not_found: 404,
  invalid: 400,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export interface GitErrorOptions {
  /** GIT's own error code (`unauthorized`, `already_paid`…) or the HTTP status. */
  gitCode?: string | number;
  /** From `Retry-After`. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class GitError extends AppError {
  readonly statusCode: number;
  readonly gitCode?: string | number;
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: GitErrorKind,
    messageKey: MessageKey,
    params?: MessageParams,
    options: GitErrorOptions = {},
  ) {
    super(messageKey, params);
    this.statusCode = STATUS[kind];
    this.gitCode = options.gitCode;
    this.retryAfterMs = options.retryAfterMs;
    if (options.cause !== undefined) this.cause = options.cause;
    if (kind === 'rate_limited' && options.retryAfterMs !== undefined) {
      this.headers['retry-after'] = String(Math.max(1, Math.ceil(options.retryAfterMs / 1000)));
    }
  }

  /** Worth trying again later. */
  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }

  override toBody(lang: Lang): ErrorBody {
    return {
      ...bilingual(this.messageKey, this.params),
      error: t(this.messageKey, lang, this.params),
      code: `git.${this.kind}`,
    };
  }
}

export function isGitError(value: unknown): value is GitError {
  return value instanceof GitError;
}
