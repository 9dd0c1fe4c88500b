/**
 * Every Drizzle table of the server, for `drizzle(…, { schema })` and the relational query API.
 * Each feature adds its `<feature>.schema.ts` here; drizzle-kit finds the same files by glob
 * (drizzle.config.ts), so a table missing here still gets migrated but is not in `db.query`.
 */

export * from '../integrations/accounting/rate-limiter.schema';
export * from '../integrations/visma-admin/connector.schema';
export * from '../modules/accounting/accounting.schema';
export * from '../modules/articles/articles.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/billings/billings.schema';
export * from '../modules/configurations/configurations.schema';
export * from '../modules/contracts/contracts.schema';
export * from '../modules/customers/customers.schema';
export * from '../modules/email/email.schema';
export * from '../modules/eventlogs/eventlogs.schema';
export * from '../modules/exports/exports.schema';
export * from '../modules/fees/fees.schema';
export * from '../modules/help/help.schema';
export * from '../modules/hidden-resources/hidden-resources.schema';
export * from '../modules/integrations/accounting-connections.schema';
export * from '../modules/integrations/integrations.schema';
export * from '../modules/invoices/invoices.schema';
export * from '../modules/landing/landing.schema';
export * from '../modules/members/members.schema';
export * from '../modules/notifications/notifications.schema';
export * from '../modules/organizations/organizations.schema';
export * from '../modules/permissions/permissions.schema';
export * from '../modules/segments/segments.schema';
export * from '../modules/subscriptions/subscriptions.schema';
export * from '../modules/users/users.schema';
