import { FaultQueue, type FaultMatch as QueueMatch } from '../../simulator-faults';

/**
 * Faults a test (or a demo operator) arms on the simulator, on the simulators' one fault queue
 * (providers/simulator-faults.ts): method and a path substring, both optional.
 */
export type FaultKind =
  | { kind: 'status'; status: 429 | 500 | 502 | 503 | 504; retryAfterSeconds?: number }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'hang' }
  /** The request is carried out, then the connection is dropped before any answer. */
  | { kind: 'crashAfterCommit' };

export interface FaultMatch {
  method?: string;
  /** Substring of the path, e.g. `/customerinvoicedrafts`. */
  path?: string;
}

export interface VismaFaults {
  /** The next `times` matching requests answer `status` (429 with ErrorCode 4010, 5xx with a server error). */
  failNext(times: number, status: 429 | 500 | 502 | 503 | 504, options?: FaultMatch & { retryAfterSeconds?: number }): void;
  /** The next `times` matching requests answer after `delayMs`. */
  slowNext(times: number, delayMs: number, match?: FaultMatch): void;
  /** The next `times` matching requests never answer (until the simulator closes). */
  hangNext(times: number, match?: FaultMatch): void;
  /** The next `times` matching creating requests (POST) are committed and then the socket is dropped. */
  crashAfterCreate(times?: number, match?: FaultMatch): void;
  /** The user withdrew the app's consent: every token stops working and refreshes answer invalid_grant. */
  revokeConsent(): void;
  /** Forget every armed fault (consent stays as it is). */
  reset(): void;
  /** Internal: the fault for this request, if any. */
  take(method: string, path: string): FaultKind | null;
}

export function createFaults(onRevoke: () => void): VismaFaults {
  const queue = new FaultQueue<FaultKind>();
  const arm = (fault: FaultKind, times: number, match: QueueMatch = {}) => queue.arm(fault, times, match);
  return {
    failNext(times, status, options = {}) {
      const { retryAfterSeconds, ...match } = options;
      arm({ kind: 'status', status, retryAfterSeconds }, times, match);
    },
    slowNext: (times, delayMs, match) => arm({ kind: 'slow', delayMs }, times, match),
    hangNext: (times, match) => arm({ kind: 'hang' }, times, match),
    crashAfterCreate: (times = 1, match = {}) => arm({ kind: 'crashAfterCommit' }, times, { method: 'POST', ...match }),
    revokeConsent: onRevoke,
    reset: () => queue.clear(),
    take: (method, path) => queue.take(method, path) ?? null,
  };
}
