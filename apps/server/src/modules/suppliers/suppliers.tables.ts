import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { tenantColumns } from '../organizations/organizations.tables';

/**
 * The mirror of the accounting program's suppliers, per club account (docs/accounting.md#mirror),
 * read like customers. `data` holds the normalized supplier as last read (the provider's
 * `AccSupplier`, providers/accounting/provider.ts); the columns beside it are what the list
 * filters, sorts and searches on. Supplier invoices name their supplier by `number`.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    organisationNumber: text('organisation_number'),
    email: text('email'),
    phone: text('phone'),
    city: text('city'),
    bankgiro: text('bankgiro'),
    plusgiro: text('plusgiro'),
    active: boolean('active').notNull().default(true),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('suppliers_club_number_uq').on(t.clubAccountId, t.number),
    index('suppliers_club_name_idx').on(t.clubAccountId, t.name),
    index('suppliers_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
