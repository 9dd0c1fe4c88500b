import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import type { AccCustomer } from '../../providers/accounting/provider';
import { tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

export interface CustomerPortalFields {
  sni?: string | null;
  cfar?: string | null;
  shopId?: string | null;
}

/**
 * The mirror of the accounting program's customers, per club account (docs/accounting.md#mirror). The program is
 * the source of truth: `data` holds the whole normalized document as last read, the columns beside
 * it are what lists filter, sort and search on. `created_by` is set when a portal user created the
 * customer (the "only team-created customers" rule); it survives refreshes.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    organisationNumber: text('organisation_number'),
    email: text('email'),
    phone: text('phone'),
    city: text('city'),
    active: boolean('active').notNull(),
    externalRef: text('external_ref'),
    createdBy: actorReference('created_by'),
    data: jsonb('data').$type<AccCustomer>().notNull(),
    /** Fields only the portal keeps (SNI, CFAR, shop id); never overwritten by a refresh. */
    portalFields: jsonb('portal_fields').$type<CustomerPortalFields>().notNull().default({}),
    /**
     * When the customer was last read whole (null: only list items so far, or its list item
     * changed since; modules/accounting/refresh/whole-reads.ts reads it then). Fortnox's list
     * items carry no type or active flag (providers/fortnox/CONTRACT.md rule L1).
     */
    readInFullAt: timestamp('read_in_full_at', { withTimezone: true }),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_club_number_uq').on(t.clubAccountId, t.number),
    index('customers_club_name_idx').on(t.clubAccountId, t.name),
    index('customers_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
