import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runAsBackground } from '../../lib/work-priority';
import { rateKeyOf } from '../../modules/accounting/connection/accounting-for';
import { createRateLimiter, pruneRateEvents, type RateLimiter, takeWindowSlot } from './rate-limiter';
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
    // Step by step on the database's window, with the window's end brought about by ageing its
    // rows, so no sleep and no machine load decides the order (a real-time version of this test
    // failed whenever a loaded machine let the window pass before the person's first try).
    const key = 'test:people-first';
    const windowMs = 60_000;
    const take = (priority: 'people' | 'background', marker?: number) =>
      takeWindowSlot(t.app.db, key, 3, windowMs, { priority, marker });
    for (let i = 0; i < 3; i += 1) expect((await take('background')).taken).toBe(true);
    // The budget is spent: the job waits, and each person leaves a marker as they wait.
    expect((await take('background')).taken).toBe(false);
    const first = await take('people');
    const second = await take('people');
    expect([first.taken, second.taken]).toEqual([false, false]);
    // The window passes.
    await t.app.db
      .update(providerRateEvents)
      .set({ at: sql`${providerRateEvents.at} - interval '61 seconds'` })
      .where(eq(providerRateEvents.key, key));
    // A free slot, but people wait: the job that waited longest is refused it, the people are not.
    expect((await take('background')).taken).toBe(false);
    expect((await take('people', first.marker)).taken).toBe(true);
    expect((await take('background')).taken).toBe(false);
    expect((await take('people', second.marker)).taken).toBe(true);
    // Nobody waits any more: the job gets the last slot.
    expect((await take('background')).taken).toBe(true);
    expect((await take('background')).taken).toBe(false);
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
