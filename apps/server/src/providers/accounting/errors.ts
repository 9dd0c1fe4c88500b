import { AppError, type ErrorBody } from '../../lib/errors';
import { bilingual, type Lang, type MessageKey, type MessageParams, t } from '../../lib/i18n';
import type { ProviderId } from './provider';

/**
 * What went wrong talking to an accounting program, in the portal's own terms. Clients map the
 * provider's error bodies (Fortnox `ErrorInformation.code`, Visma `ErrorCode`, connector results)
 * onto a kind and a localised message key; routes let it through the normal error handler.
 *
 * - `validation`: the program refused the values (a 400 with the localised reason);
 * - `not_found`: the document is not in the program (the "missing in the accounting program" message, docs/accounting.md#mirror);
 * - `conflict`: e.g. the customer number is in use, the invoice is already booked;
 * - `consent_revoked`: the token no longer works; the club account must reconnect (docs/accounting.md#connections);
 * - `not_connected`, `installation_needed`, `connector_offline`: no usable connection;
 * - `licence_missing`: the program's account lacks the API licence or module;
 * - `rate_limited`, `unavailable`, `timeout`: transient; jobs retry them.
 */
export type AccountingErrorKind =
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'consent_revoked'
  | 'not_connected'
  | 'installation_needed'
  | 'connector_offline'
  | 'licence_missing'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout';

const STATUS: Record<AccountingErrorKind, number> = {
  validation: 400,
  not_found: 404,
  conflict: 409,
  consent_revoked: 409,
  not_connected: 409,
  installation_needed: 409,
  connector_offline: 503,
  licence_missing: 403,
  rate_limited: 429,
  unavailable: 503,
  timeout: 503,
};

const TRANSIENT: ReadonlySet<AccountingErrorKind> = new Set(['rate_limited', 'unavailable', 'timeout', 'connector_offline']);

export interface AccountingErrorOptions {
  provider?: ProviderId;
  /** The provider's own code (Fortnox `2000359`, Visma `4000`…), for logs and the event log. */
  providerCode?: string | number;
  /** From `Retry-After`. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class AccountingError extends AppError {
  readonly statusCode: number;
  readonly provider?: ProviderId;
  readonly providerCode?: string | number;
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: AccountingErrorKind,
    messageKey: MessageKey,
    params?: MessageParams,
    options: AccountingErrorOptions = {},
  ) {
    super(messageKey, params);
    this.statusCode = STATUS[kind];
    this.provider = options.provider;
    this.providerCode = options.providerCode;
    this.retryAfterMs = options.retryAfterMs;
    if (options.cause !== undefined) this.cause = options.cause;
    if (kind === 'rate_limited' && options.retryAfterMs !== undefined) {
      this.headers['retry-after'] = String(Math.max(1, Math.ceil(options.retryAfterMs / 1000)));
    }
  }

  /** Worth trying again later (jobs retry; a create looks up its reference first). */
  get transient(): boolean {
    return TRANSIENT.has(this.kind);
  }

  /** The connection itself is unusable until someone acts (reconnect, install, licence). */
  get needsAttention(): boolean {
    return (
      this.kind === 'consent_revoked' ||
      this.kind === 'not_connected' ||
      this.kind === 'installation_needed' ||
      this.kind === 'licence_missing'
    );
  }

  override toBody(lang: Lang): ErrorBody {
    return {
      ...bilingual(this.messageKey, this.params),
      error: t(this.messageKey, lang, this.params),
      code: `accounting.${this.kind}`,
    };
  }
}

export function isAccountingError(value: unknown): value is AccountingError {
  return value instanceof AccountingError;
}

/**
 * The program has no customer by the number the request named, whichever kind the provider
 * answered with: Fortnox `2000204` (a 400, e.g. on an invoice) and `2000433` (a 404), Visma
 * eEkonomi's 404 on the customer or its empty look-up by number, Visma Administration's
 * `ADKE_COULD_NOT_FIND_CUSTOMER` / `ADKE_OOF_INVALID_CUSTOMER`. All of them carry
 * `accounting.customerMissing`.
 */
export function isCustomerMissing(value: unknown): value is AccountingError {
  return (
    isAccountingError(value) &&
    (value.kind === 'not_found' || value.kind === 'validation') &&
    value.messageKey === 'accounting.customerMissing'
  );
}
