import { sql } from 'drizzle-orm';
import { index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { golfClubs, packages } from '../landing/landing.tables';

/** Customer numbers are handed out from 10001 upwards. */
export const customerNumberSeq = pgSequence('organisation_customer_number_seq', { startWith: 10001 });

/** Our customer: subscription, billing and users hang off the organisation (docs/permissions.md#tenancy). */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    organisationNumber: text('organisation_number'),
    customerNumber: text('customer_number').notNull().default(sql`nextval('organisation_customer_number_seq')::text`),
    invoiceAddress: text('invoice_address'),
    city: text('city'),
    zipCode: text('zip_code'),
    country: text('country').default('Sverige'),
    billingEmail: text('billing_email'),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id),
    accountingProgram: text('accounting_program').notNull(),
    golfClubId: text('golf_club_id').references(() => golfClubs.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisations_customer_number_uq').on(t.customerNumber)],
);

/** A bookkeeping entity of the organisation (the club, its operating company …). */
export const clubAccounts = pgTable(
  'club_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    name: text('name').notNull(),
    organisationNumber: text('organisation_number'),
    accountingProgram: text('accounting_program').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('club_accounts_org_idx').on(t.organisationId), tenantIsolation(t.organisationId)],
);

/**
 * The organisation a tenant's row belongs to, deleted with it. Every table with it also carries
 * the `tenantIsolation` policy (db/row-level-security.ts).
 */
export function organisationReference() {
  return uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
}

/** The club account a tenant's row belongs to (or works on, by another column name), deleted with it. */
export function clubAccountReference<Column extends string = 'club_account_id'>(column = 'club_account_id' as Column) {
  return uuid(column)
    .notNull()
    .references(() => clubAccounts.id, { onDelete: 'cascade' });
}

/** The organisation and club account of a row that belongs to one club account. */
export function tenantColumns() {
  return { organisationId: organisationReference(), clubAccountId: clubAccountReference() };
}
