import type { EventResource, EventType } from '@fairway/shared';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import type { MessageParams } from '../../lib/i18n';
import { clubAccounts, organisationReference } from '../organizations/organizations.tables';

/**
 * The event log (docs/messages.md#event-log): what jobs, integrations and notable changes did for an organisation,
 * optionally for one of its club accounts. `activity` is a server message key (or plain text)
 * with `params`, rendered in the reader's language; `error` is the failure text as it came.
 */
export const eventLogs = pgTable(
  'event_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    clubAccountId: uuid('club_account_id').references(() => clubAccounts.id, { onDelete: 'set null' }),
    resource: text('resource').$type<EventResource>().notNull(),
    invoice: text('invoice'),
    activity: text('activity').notNull(),
    params: jsonb('params').$type<MessageParams>().notNull().default({}),
    error: text('error'),
    type: text('type', { enum: ['INFO', 'ERROR', 'SUCCESS'] })
      .$type<EventType>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_logs_org_created_idx').on(t.organisationId, t.createdAt.desc()),
    index('event_logs_org_type_idx').on(t.organisationId, t.type),
    tenantIsolation(t.organisationId),
  ],
);
