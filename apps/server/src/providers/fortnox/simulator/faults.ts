import type { SimAuth } from './auth';

/** Which API requests a fault applies to; all `/3/` requests when omitted. */
export interface FaultMatch {
  method?: string;
  path?: RegExp;
}

export type FaultRule =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; remaining: number; match?: FaultMatch }
  | { kind: 'delay'; delayMs: number; remaining: number; match?: FaultMatch }
  | { kind: 'hang'; remaining: number; match?: FaultMatch }
  | { kind: 'crash'; remaining: number; match?: FaultMatch };

/**
 * Faults tests inject into the simulator's API answers (`/3/…`; OAuth endpoints are not
 * affected). Each rule applies to the next `count` matching requests, then disappears.
 */
export class SimFaults {
  private rules: FaultRule[] = [];

  constructor(private readonly auth: SimAuth) {}

  /** The next `count` answers are 429 Too Many Requests with `Retry-After`. */
  rateLimit(count = 1, options: { retryAfterSeconds?: number; match?: FaultMatch } = {}) {
    this.rules.push({
      kind: 'status',
      status: 429,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      remaining: count,
      match: options.match,
    });
  }

  /** The next `count` answers are server errors (503 unless told). */
  serverError(count = 1, options: { status?: number; match?: FaultMatch } = {}) {
    this.rules.push({ kind: 'status', status: options.status ?? 503, remaining: count, match: options.match });
  }

  /** The next `count` answers come `delayMs` late (then normally). */
  slow(delayMs: number, count = 1, match?: FaultMatch) {
    this.rules.push({ kind: 'delay', delayMs, remaining: count, match });
  }

  /** The next `count` requests are never answered (the client must time out). */
  hang(count = 1, match?: FaultMatch) {
    this.rules.push({ kind: 'hang', remaining: count, match });
  }

  /**
   * The next `count` creates (POST) are carried out, then the connection is dropped before the
   * answer: the document exists but the client never hears of it.
   */
  crashAfterCreate(count = 1, match?: FaultMatch) {
    this.rules.push({ kind: 'crash', remaining: count, match: { method: 'POST', ...match } });
  }

  /**
   * The next `count` matching requests are carried out, then the connection is dropped before the
   * answer, whatever the method: e.g. an invoice send (`GET …/print`) that happened unheard of.
   */
  dropAnswer(count = 1, match?: FaultMatch) {
    this.rules.push({ kind: 'crash', remaining: count, match });
  }

  /** The customer withdrew consent: every token of the tenant answers 401, refresh gives invalid_grant. */
  revokeConsent(tenantId: string) {
    this.auth.revokeConsent(tenantId);
  }

  /** The tenant's access tokens expire now: the next request answers 401 and the client must refresh. */
  expireTokens(tenantId: string) {
    this.auth.expireAccessTokens(tenantId);
  }

  clear() {
    this.rules = [];
  }

  /** Takes one use of the first matching rule of `kind`. */
  take<K extends FaultRule['kind']>(
    kinds: readonly K[],
    method: string,
    path: string,
  ): Extract<FaultRule, { kind: K }> | undefined {
    const index = this.rules.findIndex(
      (rule) =>
        (kinds as readonly string[]).includes(rule.kind) &&
        rule.remaining > 0 &&
        (!rule.match?.method || rule.match.method === method) &&
        (!rule.match?.path || rule.match.path.test(path)),
    );
    if (index < 0) return undefined;
    const rule = this.rules[index];
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(index, 1);
    return rule as Extract<FaultRule, { kind: K }>;
  }
}
