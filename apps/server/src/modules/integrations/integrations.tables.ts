import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccounts, organisationReference } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/** A club asking us to integrate with a system (request_integration/); support is e-mailed. */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    clubAccountId: uuid('club_account_id').references(() => clubAccounts.id, { onDelete: 'set null' }),
    userId: actorReference('user_id'),
    system: text('system').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('integration_requests_org_idx').on(t.organisationId, t.createdAt), tenantIsolation(t.organisationId)],
);
