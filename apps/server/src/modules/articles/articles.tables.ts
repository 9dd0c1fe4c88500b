import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import type { AccArticle } from '../../providers/accounting/provider';
import { tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/** The mirror of the accounting program's articles, per club account (see customers.tables.ts). */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    unit: text('unit'),
    active: boolean('active').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    salesPriceOre: bigint('sales_price_ore', { mode: 'number' }),
    stockQuantityHundredths: bigint('stock_quantity_hundredths', { mode: 'number' }),
    externalRef: text('external_ref'),
    createdBy: actorReference('created_by'),
    data: jsonb('data').$type<AccArticle>().notNull(),
    providerModifiedAt: timestamp('provider_modified_at', { withTimezone: true }),
    /** When the article was last read whole (null: only list summaries so far, see `summaryOmits`). */
    readInFullAt: timestamp('read_in_full_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('articles_club_number_uq').on(t.clubAccountId, t.number),
    index('articles_club_description_idx').on(t.clubAccountId, t.description),
    index('articles_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
