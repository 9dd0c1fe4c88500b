import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { organisationReference, tenantColumns } from '../organizations/organizations.tables';
import { authorship } from '../users/users.tables';

/**
 * Customer and article segments (docs/accounting-data.md#segments) of a club account: the portal's own grouping, unknown
 * to the accounting programs. Both kinds share one table because they share name, texts,
 * members and every rule about them; the columns of the other kind stay null (checked below).
 * The discount is kept in hundredths of a percent, so 12.5 % is 1250 and no float is stored.
 */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    kind: text('kind').$type<'customer' | 'article'>().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    // Customer segments.
    recurringBilling: boolean('recurring_billing'),
    pricesIncludeVat: boolean('prices_include_vat'),
    interestBilling: boolean('interest_billing'),
    discountHundredths: integer('discount_hundredths'),
    adminFeeOre: integer('admin_fee_ore'),
    freightOre: integer('freight_ore'),
    // Article segments.
    vatRate: integer('vat_rate'),
    salesAccount: text('sales_account'),
    costCentre: text('cost_centre'),
    project: text('project'),
    ...authorship(),
    ...timestamps(),
  },
  (t) => [
    // Names are unique per club account and kind regardless of case: "Juniorer" and "juniorer"
    // would be the same segment to a person choosing from a list.
    uniqueIndex('segments_account_kind_name_uq').on(t.clubAccountId, t.kind, sql`lower(${t.name})`),
    index('segments_org_idx').on(t.organisationId),
    // Target of the members' composite key, so a member row cannot name another account or kind.
    unique('segments_id_account_kind_uq').on(t.id, t.clubAccountId, t.kind),
    check('segments_kind_ck', sql`${t.kind} in ('customer', 'article')`),
    check(
      'segments_customer_terms_ck',
      sql`${t.kind} <> 'customer' or (${t.recurringBilling} is not null and ${t.pricesIncludeVat} is not null and ${t.interestBilling} is not null and ${t.vatRate} is null and ${t.salesAccount} is null)`,
    ),
    check(
      'segments_article_defaults_ck',
      sql`${t.kind} <> 'article' or (${t.salesAccount} is not null and ${t.costCentre} is not null and ${t.project} is not null and ${t.recurringBilling} is null and ${t.discountHundredths} is null)`,
    ),
    check('segments_discount_ck', sql`${t.discountHundredths} is null or ${t.discountHundredths} between 0 and 10000`),
    check('segments_fees_ck', sql`coalesce(${t.adminFeeOre}, 0) >= 0 and coalesce(${t.freightOre}, 0) >= 0`),
    check('segments_vat_ck', sql`${t.vatRate} is null or ${t.vatRate} in (25, 12, 6, 0)`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A customer or article in a segment, by its number in the accounting program. The unique key on
 * (club account, kind, number) is the rule that a customer or article is in at most one segment.
 */
export const segmentMembers = pgTable(
  'segment_members',
  {
    segmentId: uuid('segment_id').notNull(),
    organisationId: organisationReference(),
    clubAccountId: uuid('club_account_id').notNull(),
    kind: text('kind').$type<'customer' | 'article'>().notNull(),
    number: text('number').notNull(),
  },
  (t) => [
    primaryKey({ name: 'segment_members_pk', columns: [t.segmentId, t.number] }),
    foreignKey({
      name: 'segment_members_segment_fk',
      columns: [t.segmentId, t.clubAccountId, t.kind],
      foreignColumns: [segments.id, segments.clubAccountId, segments.kind],
    }).onDelete('cascade'),
    uniqueIndex('segment_members_account_kind_number_uq').on(t.clubAccountId, t.kind, t.number),
    tenantIsolation(t.organisationId),
  ],
);
