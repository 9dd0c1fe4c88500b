import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccountReference, clubAccounts, organisationReference, organisations } from '../organizations/organizations.tables';
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
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** A user's role in an organisation (role per organisation). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
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
    createdAt: createdAt(),
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
    clubAccountId: clubAccountReference(),
    organisationId: organisationReference(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clubAccountId] }),
    index('uca_org_idx').on(t.organisationId),
    tenantIsolation(t.organisationId),
  ],
);

/** A user who did something to a tenant's row; the row outlives the user (the column turns null). */
export function actorReference<Column extends string>(column: Column) {
  return uuid(column).references(() => users.id, { onDelete: 'set null' });
}

/** Who made a row and who changed it last. */
export function authorship() {
  return { createdBy: actorReference('created_by'), updatedBy: actorReference('updated_by') };
}
