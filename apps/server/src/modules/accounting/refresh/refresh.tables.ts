import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { runLifecycleColumns } from '../../../lib/runs/run-columns';
import { clubAccountReference, organisationReference, tenantColumns } from '../../organizations/organizations.tables';

/**
 * Code lists of the accounting program (units, price lists, cost centres, projects, terms of
 * payment and delivery), mirrored per club account for the forms' selects.
 */
export const accountingCodeItems = pgTable(
  'accounting_code_items',
  {
    clubAccountId: clubAccountReference(),
    organisationId: organisationReference(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    days: integer('days'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.clubAccountId, t.kind, t.code] }), tenantIsolation(t.organisationId)],
);

/** Where the incremental refresh of each mirrored resource has got to, per club account. */
export const accountingSyncCursors = pgTable(
  'accounting_sync_cursors',
  {
    clubAccountId: clubAccountReference(),
    resource: text('resource').notNull(),
    /** The newest provider modification time seen; the next run asks for changes after it. */
    modifiedSince: timestamp('modified_since', { withTimezone: true }),
    lastFullAt: timestamp('last_full_at', { withTimezone: true }),
    /**
     * When the program last refused the portal this resource (no module, or the connection was
     * made without its permission); null once a read goes through (refresh.service.ts, refused).
     */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clubAccountId, t.resource] })],
);

/** One refresh of a club account's mirror: shown with progress in the UI and in the event log. */
export const accountingSyncRuns = pgTable(
  'accounting_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    /** `initial`, `scheduled`, `manual`, `after_write`. */
    trigger: text('trigger').notNull(),
    /** `queued`, `running`, `succeeded`, `failed`. */
    status: text('status').notNull(),
    /** Per resource: `{ customers: { fetched, upserted }, … }`. */
    counts: jsonb('counts').$type<Record<string, { fetched: number; upserted: number }>>().notNull().default({}),
    currentResource: text('current_resource'),
    error: text('error'),
    ...runLifecycleColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('accounting_sync_runs_club_idx').on(t.clubAccountId, t.createdAt), tenantIsolation(t.organisationId)],
);
