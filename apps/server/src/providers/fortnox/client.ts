import { setTimeout as sleep } from 'node:timers/promises';
import { storableDeep } from '@fairway/shared';
import type { MessageKey, MessageParams } from '../../lib/i18n';
import { currentPriority, type WorkPriority } from '../../lib/work-priority';
import type { AccessTokenSource } from '../accounting/credentials';
import { AccountingError, type AccountingErrorKind } from '../accounting/errors';
import { FORTNOX_RATE_LIMIT, type RateLimiter } from '../accounting/rate-limiter';
import { FORTNOX_ERROR } from './error-codes';

export interface FortnoxLogger {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface FortnoxClientOptions {
  /** `https://api.fortnox.se/3`, or a simulator's `apiBaseUrl`. */
  apiBaseUrl: string;
  auth: AccessTokenSource;
  limiter: RateLimiter;
  /** The limiter key of this tenant, e.g. `fortnox:<club account id>`. */
  rateKey: string;
  /** Per attempt; a request that takes longer is abandoned. Default 30 s. */
  timeoutMs?: number;
  /** Further attempts after a 429, 5xx or timeout (the latter two only for safe requests). Default 4. */
  maxRetries?: number;
  /** First backoff step; doubles per attempt, with jitter. Default 500 ms. */
  backoffBaseMs?: number;
  logger?: FortnoxLogger;
}

export interface FortnoxRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /**
   * Whether sending the request twice is harmless (reads, updates with the full new state).
   * Creates and actions (bookkeep, credit, e-mail…) are not: after a timeout or 5xx nobody knows
   * whether Fortnox carried them out, so the provider checks before trying again.
   */
  safe: boolean;
  /** `pdf` reads the answer as bytes. */
  accept?: 'json' | 'pdf';
  /** Names the document for not-found messages. */
  resource?: FortnoxResource;
}

export type FortnoxResource = 'customer' | 'article' | 'invoice' | 'contract' | 'payment' | 'document';

const PROVIDER = 'Fortnox';
const MAX_BACKOFF_MS = 30_000;

function accountingError(
  kind: AccountingErrorKind,
  key: MessageKey,
  params: MessageParams | undefined,
  options: ConstructorParameters<typeof AccountingError>[3] = {},
) {
  return new AccountingError(kind, key, params, { provider: 'fortnox', ...options });
}

const MISSING_KEY: Record<FortnoxResource, MessageKey> = {
  customer: 'accounting.customerMissing',
  article: 'accounting.articleMissing',
  invoice: 'accounting.invoiceMissing',
  contract: 'accounting.contractMissing',
  payment: 'accounting.documentMissing',
  document: 'accounting.documentMissing',
};

/**
 * Turns a Fortnox error answer into the portal's terms. Known `ErrorInformation.code`s map to
 * their own kind and message; anything else falls back on the HTTP status, with Fortnox's own
 * (Swedish) sentence as the detail.
 */
export function mapFortnoxError(status: number, body: unknown, resource: FortnoxResource = 'document'): AccountingError {
  const info = (body as { ErrorInformation?: { code?: number | string; message?: string } } | null)?.ErrorInformation;
  const code = info?.code === undefined ? undefined : Number(info.code);
  const message = info?.message ?? '';
  const opts = { providerCode: code };
  switch (code) {
    case FORTNOX_ERROR.apiLicenceMissing:
    case FORTNOX_ERROR.noActiveLicenceForScope:
    case FORTNOX_ERROR.noAccessToScope:
      return accountingError('licence_missing', 'accounting.licenceMissing', { provider: PROVIDER }, opts);
    case FORTNOX_ERROR.invalidLogin:
    case FORTNOX_ERROR.missingToken:
      return accountingError('consent_revoked', 'accounting.consentRevoked', { provider: PROVIDER }, opts);
    case FORTNOX_ERROR.accountNotFound:
      return accountingError('validation', 'accounting.accountNotFound', { account: /(\d{4})/.exec(message)?.[1] ?? '?' }, opts);
    case FORTNOX_ERROR.customerNumberUsed:
      return accountingError('conflict', 'accounting.customerNumberInUse', undefined, opts);
    case FORTNOX_ERROR.articleNumberUsed:
      return accountingError('conflict', 'accounting.articleNumberInUse', undefined, opts);
    case FORTNOX_ERROR.invoiceBooked:
      return accountingError('conflict', 'accounting.invoiceBooked', undefined, opts);
    case FORTNOX_ERROR.invoiceCancelled:
      return accountingError('conflict', 'accounting.fortnox.invoiceCancelled', undefined, opts);
    case FORTNOX_ERROR.invoiceNotBooked:
      return accountingError('conflict', 'accounting.fortnox.invoiceNotBooked', undefined, opts);
    case FORTNOX_ERROR.invoiceAlreadyCredited:
      return accountingError('conflict', 'accounting.fortnox.invoiceAlreadyCredited', undefined, opts);
    case FORTNOX_ERROR.invoiceIsCredit:
      return accountingError('conflict', 'accounting.fortnox.invoiceIsCredit', undefined, opts);
    case FORTNOX_ERROR.paymentBooked:
      return accountingError('conflict', 'accounting.fortnox.paymentBooked', undefined, opts);
    case FORTNOX_ERROR.contractFinished:
      return accountingError('conflict', 'accounting.fortnox.contractFinished', undefined, opts);
    case FORTNOX_ERROR.contractInactive:
      return accountingError('conflict', 'accounting.fortnox.contractInactive', undefined, opts);
    case FORTNOX_ERROR.supplierInvoiceBooked:
      return accountingError('conflict', 'accounting.fortnox.supplierInvoiceBooked', undefined, opts);
    case FORTNOX_ERROR.supplierInvoiceNotBooked:
      return accountingError('conflict', 'accounting.fortnox.supplierInvoiceNotBooked', undefined, opts);
    case FORTNOX_ERROR.supplierInvoiceCancelled:
      return accountingError('conflict', 'accounting.fortnox.supplierInvoiceCancelled', undefined, opts);
    case FORTNOX_ERROR.supplierInvoiceAlreadyCredited:
      return accountingError('conflict', 'accounting.fortnox.supplierInvoiceAlreadyCredited', undefined, opts);
    case FORTNOX_ERROR.supplierInvoiceIsCredit:
      return accountingError('conflict', 'accounting.fortnox.invoiceIsCredit', undefined, opts);
    case FORTNOX_ERROR.orderInvoiced:
      return accountingError('conflict', 'accounting.fortnox.orderInvoiced', undefined, opts);
    case FORTNOX_ERROR.orderCancelled:
      return accountingError('conflict', 'accounting.fortnox.orderCancelled', undefined, opts);
    case FORTNOX_ERROR.voucherUnbalanced:
      return accountingError('validation', 'accounting.fortnox.voucherUnbalanced', undefined, opts);
    case FORTNOX_ERROR.voucherSeriesMissing:
      return accountingError('validation', 'accounting.fortnox.voucherSeriesMissing', undefined, opts);
    case FORTNOX_ERROR.financialYearMissing:
      return accountingError('validation', 'accounting.fortnox.financialYearMissing', undefined, opts);
    case FORTNOX_ERROR.financialYearNotFound:
      return accountingError(status === 404 ? 'not_found' : 'validation', 'accounting.documentMissing', undefined, opts);
    case FORTNOX_ERROR.supplierNotFound:
      return accountingError(status === 404 ? 'not_found' : 'validation', 'accounting.documentMissing', undefined, opts);
    case FORTNOX_ERROR.missingEmail:
      return accountingError('validation', 'accounting.fortnox.missingEmail', undefined, opts);
    case FORTNOX_ERROR.einvoiceNotPossible:
      return accountingError('validation', 'accounting.fortnox.einvoiceNotPossible', undefined, opts);
    case FORTNOX_ERROR.couldNotFindCustomer:
    case FORTNOX_ERROR.couldNotFindCustomer2:
      return accountingError(status === 404 ? 'not_found' : 'validation', 'accounting.customerMissing', undefined, opts);
    case FORTNOX_ERROR.couldNotFindArticle:
    case FORTNOX_ERROR.couldNotFindArticle2:
      return accountingError(status === 404 ? 'not_found' : 'validation', 'accounting.articleMissing', undefined, opts);
    case FORTNOX_ERROR.invoiceNotFound:
      return accountingError(status === 404 ? 'not_found' : 'validation', 'accounting.invoiceMissing', undefined, opts);
    case FORTNOX_ERROR.contractNotFound:
      return accountingError('not_found', 'accounting.contractMissing', undefined, opts);
    case FORTNOX_ERROR.systemException:
      return accountingError('unavailable', 'accounting.unavailable', { provider: PROVIDER }, opts);
  }
  if (status === 404) return accountingError('not_found', MISSING_KEY[resource], undefined, opts);
  if (status === 401) return accountingError('consent_revoked', 'accounting.consentRevoked', { provider: PROVIDER }, opts);
  if (status === 403) return accountingError('licence_missing', 'accounting.licenceMissing', { provider: PROVIDER }, opts);
  if (status >= 500) return accountingError('unavailable', 'accounting.unavailable', { provider: PROVIDER }, opts);
  return accountingError('validation', 'accounting.rejected', { provider: PROVIDER, detail: message || `HTTP ${status}` }, opts);
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * A per-process companion to the shared limiter. The shared limiter records a request when it is
 * granted, but Fortnox counts it when it arrives; inside one busy process (PGlite runs in the
 * same event loop) the two can be seconds apart, and Fortnox then sees 26 in its window. Here a
 * slot is held from the moment a request is granted until one window after its answer came back,
 * which is never earlier than Fortnox counted it. Shared by every client of the key in the process.
 */
class LocalWindow {
  private active = 0;
  /** Waiters by priority: people's requests are let in before background work's. */
  private readonly waiters: Record<WorkPriority, (() => void)[]> = { people: [], background: [] };

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async enter(priority: WorkPriority): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters[priority].push(resolve));
  }

  /** Frees the slot one window from now (the next waiter inherits it). */
  leave(): void {
    setTimeout(() => {
      const next = this.waiters.people.shift() ?? this.waiters.background.shift();
      if (next) next();
      else this.active--;
    }, this.windowMs).unref();
  }
}

const localWindows = new Map<string, LocalWindow>();
function localWindow(key: string): LocalWindow {
  let window = localWindows.get(key);
  if (!window) {
    window = new LocalWindow(FORTNOX_RATE_LIMIT.limit, FORTNOX_RATE_LIMIT.windowMs);
    localWindows.set(key, window);
  }
  return window;
}

/**
 * One tenant's HTTP access to Fortnox API v3: takes the shared limiter before every request,
 * sends the bearer token, refreshes once on 401, waits out 429s (Retry-After, else exponential
 * backoff with jitter), retries safe requests after 5xx and timeouts, and maps error bodies.
 */
export class FortnoxClient {
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;

  constructor(private readonly options: FortnoxClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 4;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
  }

  private backoff(attempt: number, serverWaitMs?: number): number {
    if (serverWaitMs !== undefined) return serverWaitMs + Math.floor(Math.random() * 250);
    const ceiling = Math.min(MAX_BACKOFF_MS, this.backoffBaseMs * 2 ** attempt);
    // "Equal jitter": at least half the step, so retries of many workers spread but still back off.
    return Math.floor(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  private url(path: string, query?: FortnoxRequest['query']): string {
    const url = new URL(`${this.options.apiBaseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    return url.toString();
  }

  async request<T>(req: FortnoxRequest & { accept?: 'json' }): Promise<T>;
  async request(req: FortnoxRequest & { accept: 'pdf' }): Promise<Uint8Array>;
  async request<T>(req: FortnoxRequest): Promise<T | Uint8Array> {
    const url = this.url(req.path, req.query);
    let token = await this.options.auth.get();
    let refreshed = false;
    let attempt = 0;
    for (;;) {
      const local = localWindow(this.options.rateKey);
      await local.enter(currentPriority());
      let response: Response;
      try {
        await this.options.limiter.acquire(this.options.rateKey);
        response = await fetch(url, {
          method: req.method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: req.accept === 'pdf' ? 'application/pdf' : 'application/json',
            ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        local.leave();
        const timedOut = (error as Error).name === 'TimeoutError';
        if (req.safe && attempt < this.maxRetries) {
          const wait = this.backoff(attempt++);
          this.options.logger?.warn({ url, method: req.method, timedOut, wait }, 'fortnox request failed; retrying');
          await sleep(wait);
          continue;
        }
        throw timedOut
          ? accountingError('timeout', 'accounting.timeout', { provider: PROVIDER }, { cause: error })
          : accountingError('unavailable', 'accounting.unavailable', { provider: PROVIDER }, { cause: error });
      }

      local.leave();

      if (response.status === 429) {
        // Refused before any work was done, so every request may be sent again.
        const serverWait = retryAfterMs(response.headers.get('retry-after'));
        await response.body?.cancel();
        if (attempt < this.maxRetries) {
          const wait = this.backoff(attempt++, serverWait);
          this.options.logger?.warn({ url, method: req.method, wait }, 'fortnox answered 429; waiting');
          await sleep(wait);
          continue;
        }
        throw accountingError(
          'rate_limited',
          'accounting.rateLimited',
          { provider: PROVIDER },
          { retryAfterMs: serverWait ?? this.backoff(attempt) },
        );
      }

      if (response.status === 401 && !refreshed) {
        await response.body?.cancel();
        refreshed = true;
        token = await this.options.auth.refreshAfterRejection(token);
        continue;
      }

      if (response.status >= 500 && req.safe && attempt < this.maxRetries) {
        await response.body?.cancel();
        const wait = this.backoff(attempt++);
        this.options.logger?.warn({ url, method: req.method, status: response.status, wait }, 'fortnox server error; retrying');
        await sleep(wait);
        continue;
      }

      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let body: unknown = null;
        try {
          body = text ? storableDeep(JSON.parse(text)) : null;
        } catch {
          body = null;
        }
        throw mapFortnoxError(response.status, body, req.resource);
      }

      if (req.accept === 'pdf') return new Uint8Array(await response.arrayBuffer());
      // What enters the portal from Fortnox is cleaned of text PostgreSQL cannot store, here once.
      return storableDeep(await response.json()) as T;
    }
  }
}
