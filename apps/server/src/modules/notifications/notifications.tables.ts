import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import type { MessageParams } from '../../lib/i18n';
import { organisationReference } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * In-app notifications (docs/messages.md#notifications): one row per recipient in one organisation, so a user who
 * belongs to two organisations sees each organisation's notifications only there. Subject and
 * message are server message keys (or plain text) with `params`, rendered in the reader's
 * language when read. Deleting removes the row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    params: jsonb('params').$type<MessageParams>().notNull().default({}),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.organisationId, t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.organisationId, t.userId).where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
    tenantIsolation(t.organisationId),
  ],
);
