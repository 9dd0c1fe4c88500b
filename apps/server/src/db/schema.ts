/**
 * Every Drizzle table of the server, for `drizzle(…, { schema })` and the relational query API.
 * Each feature adds its `<feature>.schema.ts` here; drizzle-kit finds the same files by glob
 * (drizzle.config.ts), so a table missing here still gets migrated but is not in `db.query`.
 */

export * from '../modules/accounting/connection/connections.tables';
export * from '../modules/accounting/connection/request-journal.tables';
export * from '../modules/accounting/connector/connector.tables';
export * from '../modules/accounting/refresh/refresh.tables';
export * from '../modules/articles/articles.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/billings/billings.tables';
export * from '../modules/configurations/configurations.tables';
export * from '../modules/contracts/contracts.tables';
export * from '../modules/customers/customers.tables';
export * from '../modules/duplicates/duplicates.tables';
export * from '../modules/email/email.tables';
export * from '../modules/eventlogs/eventlogs.tables';
export * from '../modules/exports/exports.tables';
export * from '../modules/fees/fees.tables';
export * from '../modules/help/help.tables';
export * from '../modules/hidden-resources/hidden-resources.tables';
export * from '../modules/integrations/integrations.tables';
export * from '../modules/invoices/invoices.tables';
export * from '../modules/landing/landing.tables';
export * from '../modules/member-care/member-care.tables';
export * from '../modules/members/members.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/organizations/organizations.tables';
export * from '../modules/permissions/permissions.tables';
export * from '../modules/segments/segments.tables';
export * from '../modules/subscriptions/subscriptions.tables';
export * from '../modules/suppliers/suppliers.tables';
export * from '../modules/users/users.tables';
export * from '../providers/accounting/rate-limiter.tables';
