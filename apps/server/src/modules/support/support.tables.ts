import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { billings } from '../billings/billings.tables';
import { members } from '../members/members.tables';
import { clubAccounts, organisationReference } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/** A question from a club to our support (subject and message; docs/help.md#support). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reference support quotes back; one sequence for all organisations. */
    number: serial('number').notNull(),
    organisationId: organisationReference(),
    clubAccountId: uuid('club_account_id').references(() => clubAccounts.id, { onDelete: 'set null' }),
    userId: actorReference('user_id'),
    /** The member the ticket is about, shown in that member's support history. */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_tickets_org_idx').on(t.organisationId, t.createdAt),
    index('support_tickets_member_idx').on(t.memberId).where(sql`${t.memberId} is not null`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * Personal support bought by the hour (1500 SEK ex VAT per hour, decimal hours; docs/help.md#support). A
 * purchase waits here until the next billing run puts it on the organisation's billing and
 * records which one, so it is billed exactly once.
 */
export const supportHourPurchases = pgTable(
  'support_hour_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    userId: actorReference('user_id'),
    /** Hours × 100: 1.25 h is 125. */
    hundredths: integer('hundredths').notNull(),
    /** The hourly price at the time of purchase, öre ex VAT. */
    unitPriceOre: integer('unit_price_ore').notNull(),
    amountOre: integer('amount_ore').notNull(),
    billingId: uuid('billing_id').references(() => billings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_hour_purchases_unbilled_idx').on(t.organisationId).where(sql`${t.billingId} is null`),
    tenantIsolation(t.organisationId),
  ],
);
