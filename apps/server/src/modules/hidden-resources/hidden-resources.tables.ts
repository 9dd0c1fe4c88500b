import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { organisationReference } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** The resources a user has hidden in an organisation (stored per user; docs/permissions.md#hidden-resources). */
export const hiddenResources = pgTable(
  'hidden_resources',
  {
    organisationId: organisationReference(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceIds: text('resource_ids').array().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] }), tenantIsolation(t.organisationId)],
);
