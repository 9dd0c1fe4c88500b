import { setTimeout as sleep } from 'node:timers/promises';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currentPriority, type WorkPriority } from '../../lib/work-priority';
import { providerRateEvents } from './rate-limiter.tables';

export interface RateLimit {
  /** Requests allowed in any window… */
  limit: number;
  /** …of this many milliseconds (sliding). */
  windowMs: number;
  /**
   * Added to the window when waiting, so requests that leave us at the edge of the window still
   * arrive inside the provider's budget despite network jitter.
   */
  marginMs?: number;
}

/** Fortnox: 25 requests per 5 s sliding window per tenant. */
export const FORTNOX_RATE_LIMIT: RateLimit = { limit: 25, windowMs: 5_000, marginMs: 60 };
/** Visma eEkonomi: 600 requests per minute per company. */
export const VISMA_EEKONOMI_RATE_LIMIT: RateLimit = { limit: 600, windowMs: 60_000, marginMs: 250 };

export interface RateLimiter {
  /** Waits until a request for `key` fits the window, then records it. Resolves with the milliseconds waited. */
  acquire(key: string, signal?: AbortSignal): Promise<number>;
}

/** What one try to take a slot of a sliding window found. */
export interface WindowSlot {
  /** The slot was free and is now recorded. */
  taken: boolean;
  /** Slots in use in the window, this one included when taken. */
  inUse: number;
  /** Milliseconds until the oldest slot in use leaves the window (when refused: until one is free). */
  waitMs: number;
  /** A person refused a slot: the id of their waiting marker, to hand to the next try. */
  marker?: number;
}

/** How long background work waits before looking again while people wait for the same budget. */
const YIELD_MS = 100;

/**
 * Takes one slot of a sliding window whose state lives in PostgreSQL (`provider_rate_events`):
 * a transaction advisory lock on the key makes the prune, count and insert atomic, so concurrent
 * callers in any process cannot slip past the limit. The database clock is the only clock, so
 * processes on different machines agree on the window. Used by the accounting programs' limiter,
 * the public forms' budgets and the API's per-route limits (docs/decisions/rate-budgets.md).
 *
 * With a `priority`, people come first: a person refused a slot leaves a marker (a row under
 * `<key>|people`, renewed at each try and valid for one window), and while any marker is there
 * background callers are refused even a free slot. A person's marker goes when they get a slot.
 */
export async function takeWindowSlot(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  options: { priority?: WorkPriority; marker?: number } = {},
): Promise<WindowSlot> {
  const { priority, marker } = options;
  const interval = sql.raw(`interval '${Math.round(windowMs)} milliseconds'`);
  const peopleKey = `${key}|people`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx.execute(
      sql`delete from provider_rate_events where key in (${key}, ${peopleKey}) and at <= clock_timestamp() - ${interval}`,
    );
    const result = await tx.execute(
      sql`select count(*) filter (where key = ${key})::int as n,
                 count(*) filter (where key = ${peopleKey} and id is distinct from ${marker ?? null})::int as people,
                 greatest(0, extract(epoch from (min(at) filter (where key = ${key}) + ${interval} - clock_timestamp())) * 1000)::float8 as wait_ms
          from provider_rate_events where key in (${key}, ${peopleKey})`,
    );
    const row = (result as unknown as { rows: { n: number; people: number; wait_ms: number | null }[] }).rows[0];
    const inUse = row?.n ?? 0;
    const waitMs = Math.max(1, Math.ceil(row?.wait_ms ?? 1));
    if (priority === 'background' && (row?.people ?? 0) > 0) {
      return { taken: false, inUse, waitMs: inUse < limit ? YIELD_MS : waitMs + YIELD_MS };
    }
    if (inUse < limit) {
      await tx.execute(sql`insert into provider_rate_events (key, at) values (${key}, clock_timestamp())`);
      if (marker !== undefined) await tx.execute(sql`delete from provider_rate_events where id = ${marker}`);
      return { taken: true, inUse: inUse + 1, waitMs: inUse === 0 ? Math.round(windowMs) : Math.ceil(row?.wait_ms ?? windowMs) };
    }
    if (priority !== 'people') return { taken: false, inUse, waitMs };
    // The person's own marker, renewed, or a new one on their first refusal.
    const placed = await tx.execute(
      sql`with renewed as (update provider_rate_events set at = clock_timestamp() where id = ${marker ?? null}::bigint returning id),
               added as (insert into provider_rate_events (key, at)
                         select ${peopleKey}::text, clock_timestamp() where not exists (select 1 from renewed) returning id)
          select id from renewed union all select id from added`,
    );
    return {
      taken: false,
      inUse,
      waitMs,
      marker: Number((placed as unknown as { rows: { id: number | string }[] }).rows[0]?.id),
    };
  });
}

/** No budget's window is longer than this (the longest, a form's, is an hour). */
export const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the rows of every key that have left any window. A key's own rows are pruned when it is
 * next used; this clears keys that are not (a caller's IP, a disconnected company). Answers the
 * number of rows deleted.
 */
export async function pruneRateEvents(db: Db, olderThanMs = LONGEST_WINDOW_MS): Promise<number> {
  const interval = sql.raw(`interval '${Math.round(olderThanMs)} milliseconds'`);
  const deleted = await db
    .delete(providerRateEvents)
    .where(lte(providerRateEvents.at, sql`clock_timestamp() - ${interval}`))
    .returning({ id: providerRateEvents.id });
  return deleted.length;
}

/**
 * A sliding-window limiter over `takeWindowSlot`: `acquire` waits until a request fits the
 * window, then records it. Requests made for a person (an API request) go before those of
 * background jobs (see `lib/work-priority`).
 */
export function createRateLimiter(db: Db, rate: RateLimit): RateLimiter {
  const windowMs = rate.windowMs + (rate.marginMs ?? 0);
  return {
    async acquire(key, signal) {
      const priority = currentPriority();
      let waited = 0;
      let marker: number | undefined;
      for (;;) {
        signal?.throwIfAborted();
        const slot = await takeWindowSlot(db, key, rate.limit, windowMs, { priority, marker });
        if (slot.taken) return waited;
        marker = slot.marker;
        await sleep(slot.waitMs, undefined, { signal });
        waited += slot.waitMs;
      }
    },
  };
}
