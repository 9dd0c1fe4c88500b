import { CANCELLATION_REASONS, PAYMENT_PLANS, SUBSCRIPTION_REQUEST_STATUSES, SUBSCRIPTION_REQUEST_TYPES } from '@fairway/shared';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { packages } from '../landing/landing.tables';
import { organisationReference } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

/** SMS plans (docs/subscriptions.md#sms-plans): SMS per month and a monthly cost added to the monthly invoice. */
export const smsPlans = pgTable('sms_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  smsPerMonth: integer('sms_per_month').notNull(),
  monthlyPriceOre: integer('monthly_price_ore').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** Product modules and the smallest package that includes each. */
export const productModules = pgTable('modules', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  includedFromPackageId: text('included_from_package_id')
    .notNull()
    .references(() => packages.id),
  sortOrder: integer('sort_order').notNull(),
});

/** One subscription per organisation; its term runs 12 months and renews (docs/subscriptions.md#terms). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    // The package itself is organisations.package_id, which the users limit already reads.
    paymentPlan: text('payment_plan', { enum: PAYMENT_PLANS }).notNull().default('annually'),
    smsPlanId: text('sms_plan_id').references(() => smsPlans.id),
    /**
     * Dubbelkoll's tier (`DUPLICATE_TIERS` in packages/shared/src/landing/public-site.ts): set for an
     * organisation that subscribes to the duplicate detector as a product of its own
     * (docs/subscriptions.md#tiers); null for a golf club, whose package says what it may use.
     */
    duplicateTierId: text('duplicate_tier_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** First day of the period the next billing covers. */
    nextBillingDate: date('next_billing_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('subscriptions_org_uq').on(t.organisationId), tenantIsolation(t.organisationId)],
);

/** Upgrade, downgrade, cancel and payment plan changes wait here until they take effect (docs/subscriptions.md#changes). */
export const subscriptionRequests = pgTable(
  'subscription_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SUBSCRIPTION_REQUEST_TYPES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_REQUEST_STATUSES }).notNull().default('pending'),
    targetPackageId: text('target_package_id').references(() => packages.id),
    /** A Dubbelkoll tier change: the tier asked for (docs/subscriptions.md#tiers). */
    targetTierId: text('target_tier_id'),
    paymentPlan: text('payment_plan', { enum: PAYMENT_PLANS }),
    reason: text('reason', { enum: CANCELLATION_REASONS }),
    comment: text('comment'),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    requestedBy: actorReference('requested_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_requests_org_idx').on(t.organisationId, t.status), tenantIsolation(t.organisationId)],
);

/**
 * Monthly usage counters the quota reads: the invoices feature adds what it creates, the SMS
 * feature what it sends. Counters instead of counting rows keep the check one indexed lookup.
 */
export const subscriptionUsage = pgTable(
  'subscription_usage',
  {
    organisationId: organisationReference(),
    /** YYYY-MM (UTC). */
    month: text('month').notNull(),
    invoices: integer('invoices').notNull().default(0),
    sms: integer('sms').notNull().default(0),
    /** Documents the duplicate scans read this month (docs/subscriptions.md#tiers). */
    duplicateDocuments: integer('duplicate_documents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month] }), tenantIsolation(t.organisationId)],
);
