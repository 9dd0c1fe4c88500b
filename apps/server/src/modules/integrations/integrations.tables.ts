import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** A club asking us to integrate with a system (request_integration/); support is e-mailed. */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id').references(() => clubAccounts.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    system: text('system').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_requests_org_idx').on(t.organisationId, t.createdAt), tenantIsolation(t.organisationId)],
);
