import { describe, expect, it } from 'vitest';
import { runOpenLoop } from './open-loop';
import { percentile, summarize } from './stats';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('is the nearest rank, a value some request saw', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([3, 7], 50)).toBe(3);
    expect(percentile([3, 7], 51)).toBe(7);
  });

  it('has no value without samples', () => {
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('summarize', () => {
  it('counts errors and the rate over the run', () => {
    const samples = [10, 20, 30, 40].map((latencyMs, i) => ({ latencyMs, ok: i !== 2 }));
    const s = summarize(samples, 0, 2000);
    expect(s).toMatchObject({ count: 4, errors: 1, p50: 20, p99: 40, max: 40, achievedRate: 2 });
  });
});

describe('runOpenLoop', () => {
  /** A fake clock: wait() moves time on; answers take the time `send` says. */
  function fakeClock() {
    let t = 0;
    return {
      now: () => t,
      wait: async (ms: number) => {
        t += ms;
      },
      advance: (ms: number) => {
        t += ms;
      },
    };
  }

  it('sends on schedule without waiting for slow answers, and times from the slot', async () => {
    const clock = fakeClock();
    const sentAt: number[] = [];
    const answers: (() => void)[] = [];
    const run = runOpenLoop({
      rate: 100,
      durationMs: 100,
      now: clock.now,
      wait: clock.wait,
      send: (i) => {
        sentAt.push(clock.now());
        return new Promise<boolean>((resolve) => answers.push(() => resolve(i !== 3)));
      },
    });
    // Let the loop schedule every request; none has answered yet.
    for (let k = 0; k < 50 && sentAt.length < 10; k++) await Promise.resolve();
    expect(sentAt).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    clock.advance(500);
    for (const answer of answers) answer();
    const result = await run;
    expect(result.scheduled).toBe(10);
    expect(result.count).toBe(10);
    expect(result.errors).toBe(1);
    // The first request waited from 0 to 590, the last from 90: latency counts from the slot.
    expect(result.max).toBe(590);
    expect(result.p50).toBe(540); // 500…590, the 5th of 10
    expect(result.maxSendLagMs).toBe(0);
  });

  it('counts a request that throws as an error', async () => {
    const clock = fakeClock();
    const result = await runOpenLoop({
      rate: 10,
      durationMs: 300,
      now: clock.now,
      wait: clock.wait,
      send: async (i) => {
        if (i === 1) throw new Error('refused');
        return true;
      },
    });
    expect(result).toMatchObject({ scheduled: 3, count: 3, errors: 1 });
  });
});
