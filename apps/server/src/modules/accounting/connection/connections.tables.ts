import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { tenantColumns } from '../../organizations/organizations.tables';
import { actorReference } from '../../users/users.tables';

/**
 * A club account's link to its accounting program (one per club account). Tokens are encrypted
 * at rest (lib/secrets.ts). A refresh is taken under `refresh_lease_until`, so two processes never
 * spend the same single-use refresh token; `token_version` counts rotations.
 *
 * `environment`: `live` talks to the provider's real API; `simulator` to the in-process simulator
 * (demo mode, and any install without the provider's client credentials).
 * `grant`: `authorization_code` (a user consented; a refresh token rotates) or
 * `client_credentials` (Fortnox service account: a new token is requested with the `tenant_id`).
 * `status`: `connected`, `consent_revoked` (the provider refused our tokens; a reconnect is
 * needed and jobs stop) or `disconnected` (a user ended it).
 */
export const accountingConnections = pgTable(
  'accounting_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    provider: text('provider').notNull(),
    environment: text('environment').notNull(),
    grant: text('grant').notNull().default('authorization_code'),
    status: text('status').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    tenantId: text('tenant_id'),
    scope: text('scope'),
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    tokenVersion: integer('token_version').notNull().default(0),
    companyName: text('company_name'),
    companyOrganisationNumber: text('company_organisation_number'),
    databaseNumber: text('database_number'),
    connectedBy: actorReference('connected_by'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('accounting_connections_club_account_uq').on(t.clubAccountId),
    index('accounting_connections_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * The `state` of an OAuth authorization in flight: only its SHA-256 is stored, it lives 15
 * minutes and is spent once, and it names the club account and user the consent is for.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    ...tenantColumns(),
    userId: actorReference('user_id'),
    provider: text('provider').notNull(),
    environment: text('environment').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_states_hash_uq').on(t.stateHash), tenantIsolation(t.organisationId)],
);
