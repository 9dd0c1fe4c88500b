import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { tenantColumns } from '../../organizations/organizations.tables';

/**
 * The Visma Administration connector installed at a club (one per club account, PROTOCOL.md).
 * Only the SHA-256 of its key is kept; `key_prefix` is the first characters, shown so an admin
 * can tell which key a PC holds. `registered_at` null means "installation needed";
 * `last_seen_at` older than two minutes means "connector offline".
 */
export const connectors = pgTable(
  'connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyCreatedAt: timestamp('key_created_at', { withTimezone: true }).notNull().defaultNow(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    protocolVersion: integer('protocol_version'),
    version: text('version'),
    machine: text('machine'),
    companyName: text('company_name'),
    companyDatabase: text('company_database'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('connectors_club_account_uq').on(t.clubAccountId),
    uniqueIndex('connectors_key_hash_uq').on(t.keyHash),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * One call of the Visma Administration provider, waiting for or done by the connector.
 * `status`: `queued` → `leased` (claimed; back to the queue when `lease_until` passes) → `done`
 * or `failed`. `kind` is `read` or `write`: reads carry `expires_at` (nobody waits for them
 * later), writes never expire. `idempotency_key` is the portal's externalRef of a create, unique
 * per club account, so a retried create joins the first one; `fingerprint` lets an identical
 * pending action (e.g. a retried bookkeep) join the one already queued.
 */
export const connectorWork = pgTable(
  'connector_work',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    operation: text('operation').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    result: jsonb('result'),
    error: jsonb('error'),
    idempotencyKey: text('idempotency_key'),
    fingerprint: text('fingerprint'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('connector_work_idempotency_uq').on(t.clubAccountId, t.idempotencyKey),
    index('connector_work_queue_idx').on(t.clubAccountId, t.status, t.createdAt),
    index('connector_work_fingerprint_idx').on(t.clubAccountId, t.fingerprint),
    tenantIsolation(t.organisationId),
  ],
);
