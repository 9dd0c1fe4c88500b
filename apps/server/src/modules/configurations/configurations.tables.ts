import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/**
 * One configuration group (invoice, contract, member, article, email, api) of a club account.
 * `values` is validated by the group's shared zod schema before it is written; groups never saved
 * have no row and read as the defaults.
 */
export const configurations = pgTable(
  'configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    group: text('group').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    updatedBy: actorReference('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('configurations_account_group_uq').on(t.clubAccountId, t.group),
    index('configurations_org_idx').on(t.organisationId),
    check('configurations_group_ck', sql`${t.group} in ('invoice', 'contract', 'member', 'article', 'email', 'api')`),
    tenantIsolation(t.organisationId),
  ],
);
