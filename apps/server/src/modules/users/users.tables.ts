import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { roles } from '../permissions/permissions.tables';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    phone: text('phone'),
    /** Argon2id hash; null until an invited user completes the profile. */
    passwordHash: text('password_hash'),
    imageMime: text('image_mime'),
    image: text('image_base64'),
    imageUpdatedAt: timestamp('image_updated_at', { withTimezone: true }),
    currentOrganisationId: uuid('current_organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    currentClubAccountId: uuid('current_club_account_id').references(() => clubAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** A user's role in an organisation (role per organisation). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    golfclubAdmin: boolean('golfclub_admin').notNull().default(false),
    status: text('status', { enum: ['active', 'invited'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_org_user_uq').on(t.organisationId, t.userId),
    index('memberships_user_idx').on(t.userId),
    tenantIsolation(t.organisationId),
  ],
);

/** Which club accounts of the organisation a user may reach. */
export const userClubAccounts = pgTable(
  'user_club_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id')
      .notNull()
      .references(() => clubAccounts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clubAccountId] }),
    index('uca_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);
