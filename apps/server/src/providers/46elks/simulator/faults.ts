/** Which API requests a fault applies to; every `/a1/` request when omitted. */
export interface ElksFaultMatch {
  method?: string;
  /** Tested against the lower-cased path, e.g. `/a1/sms`. */
  path?: RegExp;
}

export type ElksFaultRule =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; remaining: number; match?: ElksFaultMatch }
  | { kind: 'hang'; remaining: number; match?: ElksFaultMatch }
  | { kind: 'slowAnswer'; delayMs: number; remaining: number; match?: ElksFaultMatch }
  | { kind: 'dropAnswer'; remaining: number; match?: ElksFaultMatch };

/**
 * Faults tests inject into the 46elks simulator's API answers. Each rule applies to the next
 * `count` matching requests, then disappears. `status` and `hang` happen before the request is
 * carried out; `slowAnswer` and `dropAnswer` after (the SMS exists, the client just does not hear
 * of it in time, or at all).
 */
export class ElksSimFaults {
  private rules: ElksFaultRule[] = [];

  /** The next `count` answers are 429 Too Many Requests with `Retry-After` (seconds; `0` answers at once). */
  rateLimit(count = 1, options: { retryAfterSeconds?: number; match?: ElksFaultMatch } = {}) {
    this.rules.push({
      kind: 'status',
      status: 429,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      remaining: count,
      match: options.match,
    });
  }

  /** The next `count` answers are server errors (503 unless told), the request not carried out. */
  serverError(count = 1, options: { status?: number; match?: ElksFaultMatch } = {}) {
    this.rules.push({ kind: 'status', status: options.status ?? 503, remaining: count, match: options.match });
  }

  /** The next `count` requests are never carried out nor answered: the client must time out. */
  hang(count = 1, match?: ElksFaultMatch) {
    this.rules.push({ kind: 'hang', remaining: count, match });
  }

  /** The next `count` requests are carried out, then answered `delayMs` late. */
  slowAnswer(delayMs: number, count = 1, match?: ElksFaultMatch) {
    this.rules.push({ kind: 'slowAnswer', delayMs, remaining: count, match });
  }

  /** The next `count` requests are carried out, then the connection is dropped before the answer. */
  dropAnswer(count = 1, match?: ElksFaultMatch) {
    this.rules.push({ kind: 'dropAnswer', remaining: count, match });
  }

  clear() {
    this.rules = [];
  }

  /** Takes one use of the first matching rule of one of `kinds`. */
  take<K extends ElksFaultRule['kind']>(
    kinds: readonly K[],
    method: string,
    path: string,
  ): Extract<ElksFaultRule, { kind: K }> | undefined {
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
    return rule as Extract<ElksFaultRule, { kind: K }>;
  }
}
