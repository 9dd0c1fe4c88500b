import type { RateLimit } from '../../apps/server/src/providers/accounting/rate-limiter';

/** One request as the simulator logged it (FortnoxSimulator['log']). */
export interface LoggedRequest {
  method: string;
  status: number;
  at: number;
}

export interface RequestFigures {
  /** Requests the work needed: every answered one except the 429s, which are refusals. */
  needed: number;
  throttled: number;
  byMethod: Record<string, number>;
  /** The most needed requests that arrived inside any one window (the provider allows `limit`). */
  busiestWindow: number;
}

export function requestFigures(log: readonly LoggedRequest[], rate: Pick<RateLimit, 'windowMs'>): RequestFigures {
  const answered = log.filter((entry) => entry.status !== 429);
  const byMethod: Record<string, number> = {};
  for (const entry of answered) byMethod[entry.method] = (byMethod[entry.method] ?? 0) + 1;
  // Two pointers over the arrival times: the widest group inside any half-open window.
  const times = answered.map((entry) => entry.at).sort((a, b) => a - b);
  let busiestWindow = 0;
  for (let lo = 0, hi = 0; hi < times.length; hi++) {
    while ((times[hi] as number) - (times[lo] as number) >= rate.windowMs) lo++;
    busiestWindow = Math.max(busiestWindow, hi - lo + 1);
  }
  return { needed: answered.length, throttled: log.length - answered.length, byMethod, busiestWindow };
}

/** The shortest time `requests` can take at `limit` per window: requests / limit × window. */
export function rateFloorMs(requests: number, rate: Pick<RateLimit, 'limit' | 'windowMs'>): number {
  return (requests / rate.limit) * rate.windowMs;
}
