/**
 * Every Drizzle table of the server, for `drizzle(…, { schema })` and the relational query API.
 * Each feature adds its `<feature>.schema.ts` here; drizzle-kit finds the same files by glob
 * (drizzle.config.ts), so a table missing here still gets migrated but is not in `db.query`.
 */
export * from '../modules/auth/auth.schema';
export * from '../modules/email/email.schema';
export * from '../modules/landing/landing.schema';
export * from '../modules/organizations/organizations.schema';
export * from '../modules/permissions/permissions.schema';
export * from '../modules/users/users.schema';
