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
 */
export function tenantIsolation(organisationId: AnyPgColumn) {
  const organisation = sql.raw(`nullif(current_setting('${ORGANISATION_SETTING}', true), '')`);
  const condition = sql`${organisation} is null or ${organisationId} = ${organisation}::uuid`;
  return pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: 'public', using: condition, withCheck: condition });
}
