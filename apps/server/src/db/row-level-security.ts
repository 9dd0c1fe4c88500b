import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgPolicy } from 'drizzle-orm/pg-core';

/**
 * The role every pooled connection switches to once migrations have run (client.ts). It owns
 * nothing, is no superuser and cannot bypass row-level security, so the policies below hold for
 * all the application's queries even when it connects as a superuser (CI, PGlite). The role, its
 * grants and FORCE ROW LEVEL SECURITY are made by a hand-written migration, since drizzle-kit
 * declares neither.
 */
export const APP_ROLE = 'fairway_app';

/** The connection setting that names the organisation the connection works for ('' = system work). */
export const ORGANISATION_SETTING = 'fairway.organisation_id';

/**
 * The one policy of every table that has an `organisation_id`: a row is visible and writable
 * when it belongs to the connection's organisation, or when the connection does system work
 * (no organisation set). `nullif` keeps the cast away from the empty string of system work.
 * The policy is for every role, so even the owner, under FORCE, is held to it.
 * The setting is read, and cast, in scalar subqueries, which PostgreSQL evaluates once per query
 * (InitPlans) instead of once per row: a deep page skips 5,000 index entries, each of which paid
 * two `current_setting` look-ups and a uuid cast (invoices page 200: 6.5 ms instead of 0.8 ms on
 * PostgreSQL; on PGlite the cast was most of it).
 */
export function tenantIsolation(organisationId: AnyPgColumn) {
  const setting = `nullif(current_setting('${ORGANISATION_SETTING}', true), '')`;
  const condition = sql`${sql.raw(`(select ${setting})`)} is null or ${organisationId} = ${sql.raw(`(select ${setting}::uuid)`)}`;
  return pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: 'public', using: condition, withCheck: condition });
}
