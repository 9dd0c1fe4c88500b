import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Packages that registration and the price page offer (docs/subscriptions.md#packages). */
export const packages = pgTable('packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  invoicesPerMonth: integer('invoices_per_month').notNull(),
  maxUsers: integer('max_users').notNull(),
  maxClubAccounts: integer('max_club_accounts').notNull(),
  monthlyPriceOre: integer('monthly_price_ore').notNull(),
  sortOrder: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Swedish golf clubs a new customer picks from at registration. */
export const golfClubs = pgTable('golf_clubs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  district: text('district').notNull(),
});
