import { type FaultMatch, FaultQueue } from '../../simulator-faults';
import type { SimAuth } from './auth';

export type { FaultMatch };

export type FaultRule =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'delay'; delayMs: number }
  | { kind: 'hang' }
  | { kind: 'crash' };

/**
 * Faults tests inject into the simulator's API answers (`/3/…`; OAuth endpoints are not
 * affected), on the simulators' one fault queue (providers/simulator-faults.ts).
 */
export class SimFaults extends FaultQueue<FaultRule> {
  constructor(private readonly auth: SimAuth) {
    super();
  }

  /** The next `count` answers are 429 Too Many Requests with `Retry-After`. */
  rateLimit(count = 1, options: { retryAfterSeconds?: number; match?: FaultMatch } = {}) {
    this.arm({ kind: 'status', status: 429, retryAfterSeconds: options.retryAfterSeconds ?? 1 }, count, options.match);
  }

  /** The next `count` answers are server errors (503 unless told). */
  serverError(count = 1, options: { status?: number; match?: FaultMatch } = {}) {
    this.arm({ kind: 'status', status: options.status ?? 503 }, count, options.match);
  }

  /** The next `count` answers come `delayMs` late (then normally). */
  slow(delayMs: number, count = 1, match?: FaultMatch) {
    this.arm({ kind: 'delay', delayMs }, count, match);
  }

  /** The next `count` requests are never answered (the client must time out). */
  hang(count = 1, match?: FaultMatch) {
    this.arm({ kind: 'hang' }, count, match);
  }

  /**
   * The next `count` creates (POST) are carried out, then the connection is dropped before the
   * answer: the document exists but the client never hears of it.
   */
  crashAfterCreate(count = 1, match?: FaultMatch) {
    this.arm({ kind: 'crash' }, count, { method: 'POST', ...match });
  }

  /**
   * The next `count` matching requests are carried out, then the connection is dropped before the
   * answer, whatever the method: e.g. an invoice send (`GET …/print`) that happened unheard of.
   */
  dropAnswer(count = 1, match?: FaultMatch) {
    this.arm({ kind: 'crash' }, count, match);
  }

  /** The customer withdrew consent: every token of the tenant answers 401, refresh gives invalid_grant. */
  revokeConsent(tenantId: string) {
    this.auth.revokeConsent(tenantId);
  }

  /** The tenant's access tokens expire now: the next request answers 401 and the client must refresh. */
  expireTokens(tenantId: string) {
    this.auth.expireAccessTokens(tenantId);
  }
}
