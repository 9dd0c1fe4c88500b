/**
 * The statements a request sends to the database, counted where every one of them goes out:
 * node-postgres' `Client.query` (apps/server/src/db/client.ts reaches PostgreSQL and PGlite's worker
 * both through it). Each is one round trip; the pool's own session settings are counted too.
 * The list benchmarks (list-bench.ts) print them per scenario beside the timings.
 */
import pg from 'pg';
import type { Check, Scenario } from './list-bench';

/** The SQL `work` sends, in order: the first line of each statement. */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: Client.query has many overloads; this only reads its first argument.
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : String((first as { text?: string; name?: string })?.text ?? first?.name);
    sent.push(text.replace(/\s+/g, ' ').slice(0, 100));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

/** Prints each scenario's statements per request (its first path's, after one request to warm it). */
export async function printRoundTrips(db: string, scenarios: Scenario[], get: Check): Promise<void> {
  for (const scenario of scenarios) {
    const path = scenario.paths[0];
    if (!path) continue;
    await get(path);
    const sent = await statementsOf(() => get(path));
    console.log(`[${db}] ${scenario.name}: ${sent.length} statements per request\n  ${sent.join('\n  ')}`);
  }
}
