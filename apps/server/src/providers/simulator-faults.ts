/**
 * The faults a test (or a demo operator) arms on a provider simulator, one queue for all of them
 * (Fortnox, Visma eEkonomi, GIT, 46elks): each armed fault answers the next `count` requests that
 * match it, in the order armed, then disappears. Each simulator keeps its own named methods
 * (`rateLimit`, `failNext`, …) and decides what a fault does to a request.
 */

/** Which requests a fault applies to; every request of the simulator's API when empty. */
export interface FaultMatch {
  /** Compared without regard to case. */
  method?: string;
  /** A pattern tested against the path, or a substring of it (e.g. `/customerinvoicedrafts`). */
  path?: RegExp | string;
}

interface Armed<F> {
  fault: F;
  match: FaultMatch;
  remaining: number;
}

const matches = (match: FaultMatch, method: string, path: string) =>
  (!match.method || match.method.toUpperCase() === method.toUpperCase()) &&
  (!match.path || (typeof match.path === 'string' ? path.includes(match.path) : match.path.test(path)));

export class FaultQueue<F extends { kind: string }> {
  private armed: Armed<F>[] = [];

  /** Arms `fault` for the next `count` matching requests (none when `count` is 0 or less). */
  arm(fault: F, count: number, match: FaultMatch = {}): void {
    if (count > 0) this.armed.push({ fault, match, remaining: count });
  }

  /** Forgets every armed fault. */
  clear(): void {
    this.armed = [];
  }

  /**
   * Takes one use of the first armed fault that matches the request, of one of `kinds` when given
   * (a simulator that checks some kinds before carrying a request out and others after).
   */
  take<K extends F['kind']>(method: string, path: string, kinds?: readonly K[]): Extract<F, { kind: K }> | undefined {
    const hit = this.armed.find(
      (a) => (!kinds || (kinds as readonly string[]).includes(a.fault.kind)) && matches(a.match, method, path),
    );
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.armed = this.armed.filter((a) => a !== hit);
    return hit.fault as Extract<F, { kind: K }>;
  }
}
