import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runAsBackground } from '../../lib/work-priority';
import { rateKeyOf } from '../../modules/accounting/connection/accounting-for';
import { createRateLimiter, pruneRateEvents, type RateLimiter } from './rate-limiter';
import { providerRateEvents } from './rate-limiter.tables';

let t: TestApp;
let limiter: RateLimiter;
const WINDOW = { limit: 3, windowMs: 1_000 };

beforeAll(async () => {
  t = await createTestApp();
  limiter = createRateLimiter(t.app.db, WINDOW);
});
afterAll(async () => {
  await t.close();
});

describe('the shared rate limiter', () => {
  it('lets a background job use the whole budget while nobody waits', async () => {
    const key = 'test:alone';
    const waited = await runAsBackground(() => Promise.all([1, 2, 3].map(() => limiter.acquire(key))));
    expect(waited).toEqual([0, 0, 0]);
  });

  it('serves a person waiting for the budget before background work that waited longer', async () => {
    // A window long enough that the person's first try falls inside it however loaded the
    // machine is; the job's callers are stopped once the people are served.
    const slow = createRateLimiter(t.app.db, { limit: 3, windowMs: 4_000 });
    const key = 'test:people-first';
    await runAsBackground(() => Promise.all([1, 2, 3].map(() => slow.acquire(key))));
    const order: string[] = [];
    const stop = new AbortController();
    // A job's next requests queue first; a person's request arrives a moment later.
    const background = runAsBackground(() =>
      Promise.allSettled([1, 2, 3].map((i) => slow.acquire(key, stop.signal).then(() => order.push(`job ${i}`)))),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([1, 2].map((i) => slow.acquire(key).then(() => order.push(`person ${i}`))));
    expect(order.slice(0, 2).sort()).toEqual(['person 1', 'person 2']);
    stop.abort();
    await background;
  });
});

describe('pruning', () => {
  it('deletes the rows of budgets nobody has used for a day, and keeps live windows', async () => {
    const day = 24 * 60 * 60 * 1000;
    await t.app.db.insert(providerRateEvents).values([
      { key: 'prune:gone-ip', at: new Date(Date.now() - day - 60_000) },
      { key: 'prune:gone-ip', at: new Date(Date.now() - 2 * day) },
      { key: 'prune:live', at: new Date(Date.now() - day - 60_000) },
      { key: 'prune:live', at: new Date() },
    ]);
    expect(await pruneRateEvents(t.app.db)).toBeGreaterThanOrEqual(3);
    const left = await t.app.db.select().from(providerRateEvents).where(like(providerRateEvents.key, 'prune:%'));
    expect(left.map((r) => r.key)).toEqual(['prune:live']);
  });
});

describe('rate budget keys', () => {
  const row = { provider: 'fortnox', environment: 'production', databaseNumber: null, tenantId: null };

  it('shares one budget between club accounts linked to the same company', () => {
    const one = rateKeyOf({ ...row, id: 'a', databaseNumber: '1234567' });
    const two = rateKeyOf({ ...row, id: 'b', tenantId: '1234567' });
    expect(one).toBe(two);
    expect(rateKeyOf({ ...row, id: 'c', databaseNumber: '7654321' })).not.toBe(one);
    expect(rateKeyOf({ ...row, id: 'a', environment: 'sandbox', databaseNumber: '1234567' })).not.toBe(one);
  });

  it('gives a connection whose company is not known yet a budget of its own', () => {
    expect(rateKeyOf({ ...row, id: 'a' })).not.toBe(rateKeyOf({ ...row, id: 'b' }));
  });
});
