import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per request sent to an external API under a sliding-window limit, keyed by e.g.
 * `fortnox:<tenant>`. Kept in PostgreSQL so every API and worker process shares one budget
 * (docs/decisions/rate-budgets.md); rows older than the window are pruned as requests are taken, and keys
 * nobody uses any more by an hourly job (`pruneRateEvents`).
 */
export const providerRateEvents = pgTable(
  'provider_rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('provider_rate_events_key_at_idx').on(t.key, t.at)],
);
