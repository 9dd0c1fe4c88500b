import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns many tables share that point at no other table. The ones that do sit beside what they
 * point at: `tenantColumns()` in modules/organizations/organizations.tables.ts, `authorship()` in
 * modules/users/users.tables.ts.
 */

/** When the row was made. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was made and last changed (the writer sets `updated_at`; no trigger does). */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
