import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns';
import { tenantIsolation } from '../../../db/row-level-security';
import { tenantColumns } from '../../organizations/organizations.tables';

/**
 * Our record of the writes a club account's accounting program was asked for and what came back
 * (providers/accounting/request-journal.ts): a row is written before the request is sent, so a
 * lost answer or a restart is matched against what the program stores rather than sent again.
 *
 * `key` is the caller's idempotency key (`CreateOptions.externalRef`), unique per club account,
 * program and `operation` (`invoice`, `credit`, `payment`). `asked` is the provider's small record
 * of the ask (amount, date, the invoice's payments before it); `answered` is `{ "id": … }`, the
 * program's id of what came back, null until known. Completed rows older than 30 days are pruned
 * every night (request-journal.jobs.ts).
 */
export const accountingRequests = pgTable(
  'accounting_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    provider: text('provider').notNull(),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    asked: jsonb('asked'),
    answered: jsonb('answered').$type<{ id: string }>(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('accounting_requests_key_uq').on(t.clubAccountId, t.provider, t.operation, t.key),
    index('accounting_requests_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
