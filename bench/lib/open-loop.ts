import { setTimeout as sleep } from 'node:timers/promises';
import { type LatencySummary, summarize } from './stats';

export interface OpenLoopOptions {
  /** Requests per second, sent on schedule whether or not earlier ones have answered. */
  rate: number;
  /** How long requests are sent (the run then waits for the last answers). */
  durationMs: number;
  /** Sends request `i`; resolves true for a good answer. Latency is measured around it. */
  send: (i: number) => Promise<boolean>;
  /** The clock (ms); tests pass a fake one. */
  now?: () => number;
  /** Waits until about `ms` from now; tests pass a fake one. */
  wait?: (ms: number) => Promise<unknown>;
}

export interface OpenLoopResult extends LatencySummary {
  /** Requests that were scheduled (rate × duration). */
  scheduled: number;
  /** The largest delay between a request's slot and the moment it was actually sent. */
  maxSendLagMs: number;
}

/**
 * An open-loop load: request i is due at start + i / rate, and is sent at its due time even when
 * earlier ones are still waiting for an answer (a closed loop would slow down with the server and
 * hide its queueing). Latency counts from the due time, not the send time, so a stalled generator
 * cannot make the server look faster than it is (coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const now = options.now ?? (() => performance.now());
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const interval = 1000 / options.rate;
  const total = Math.max(1, Math.round((options.durationMs / 1000) * options.rate));
  const samples: { latencyMs: number; ok: boolean }[] = [];
  const inflight: Promise<void>[] = [];
  let maxSendLagMs = 0;
  let lastAnswer = 0;
  const start = now();

  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const ahead = due - now();
    if (ahead > 0) await wait(ahead);
    maxSendLagMs = Math.max(maxSendLagMs, now() - due);
    inflight.push(
      options.send(i).then(
        (ok) => {
          lastAnswer = now();
          samples.push({ latencyMs: lastAnswer - due, ok });
        },
        () => {
          lastAnswer = now();
          samples.push({ latencyMs: lastAnswer - due, ok: false });
        },
      ),
    );
  }
  await Promise.all(inflight);
  return { ...summarize(samples, start, Math.max(lastAnswer, start + 1)), scheduled: total, maxSendLagMs };
}
