import { type FaultMatch, FaultQueue } from '../../simulator-faults';

/** Which API requests a fault applies to; every `/a1/` request when omitted. */
export type ElksFaultMatch = FaultMatch;

export type ElksFaultRule =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'hang' }
  | { kind: 'slowAnswer'; delayMs: number }
  | { kind: 'dropAnswer' };

/**
 * Faults tests inject into the 46elks simulator's API answers, on the simulators' one fault queue
 * (providers/simulator-faults.ts). `status` and `hang` happen before the request is carried out;
 * `slowAnswer` and `dropAnswer` after (the SMS exists, the client just does not hear of it in
 * time, or at all).
 */
export class ElksSimFaults extends FaultQueue<ElksFaultRule> {
  /** The next `count` answers are 429 Too Many Requests with `Retry-After` (seconds; `0` answers at once). */
  rateLimit(count = 1, options: { retryAfterSeconds?: number; match?: ElksFaultMatch } = {}) {
    this.arm({ kind: 'status', status: 429, retryAfterSeconds: options.retryAfterSeconds ?? 1 }, count, options.match);
  }

  /** The next `count` answers are server errors (503 unless told), the request not carried out. */
  serverError(count = 1, options: { status?: number; match?: ElksFaultMatch } = {}) {
    this.arm({ kind: 'status', status: options.status ?? 503 }, count, options.match);
  }

  /** The next `count` requests are never carried out nor answered: the client must time out. */
  hang(count = 1, match?: ElksFaultMatch) {
    this.arm({ kind: 'hang' }, count, match);
  }

  /** The next `count` requests are carried out, then answered `delayMs` late. */
  slowAnswer(delayMs: number, count = 1, match?: ElksFaultMatch) {
    this.arm({ kind: 'slowAnswer', delayMs }, count, match);
  }

  /** The next `count` requests are carried out, then the connection is dropped before the answer. */
  dropAnswer(count = 1, match?: ElksFaultMatch) {
    this.arm({ kind: 'dropAnswer' }, count, match);
  }
}
