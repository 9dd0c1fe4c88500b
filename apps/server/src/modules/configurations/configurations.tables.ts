import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * One configuration group (invoice, contract, member, article, email, api) of a club account.
 * `values` is validated by the group's shared zod schema before it is written; groups never saved
 * have no row and read as the defaults.
 */
export const configurations = pgTable(
  'configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id')
      .notNull()
      .references(() => clubAccounts.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('configurations_account_group_uq').on(t.clubAccountId, t.group),
    index('configurations_org_idx').on(t.organisationId),
    check('configurations_group_ck', sql`${t.group} in ('invoice', 'contract', 'member', 'article', 'email', 'api')`),
    tenantIsolation(t.organisationId),
  ],
);
