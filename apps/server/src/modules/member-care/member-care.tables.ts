import type { EmailDesign, Lang, NewsletterImageType } from '@fairway/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea';
import { tenantIsolation } from '../../db/row-level-security';
import { clubAccounts, organisations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * A club account's e-mail templates (docs/member-care.md#templates). `design` is the editor's
 * document as it was sent; `html` and `text` are rendered from it on every save, member fields
 * still as `{{field}}`, so a send-out only fills them in per recipient.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id')
      .notNull()
      .references(() => clubAccounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subject: text('subject').notNull().default(''),
    lang: text('lang').$type<Lang>().notNull().default('sv'),
    design: jsonb('design').$type<EmailDesign>().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_account_updated_idx').on(t.clubAccountId, t.updatedAt, t.id),
    index('email_templates_org_idx').on(t.organisationId),
    check('email_templates_lang_ck', sql`${t.lang} in ('sv', 'en')`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * Images uploaded for newsletters (docs/member-care.md#newsletter-images), kept in the database
 * like export files, so every API process behind a load balancer can serve them. The type is
 * the one read from the bytes, never the one the browser named.
 */
export const newsletterImages = pgTable(
  'newsletter_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clubAccountId: uuid('club_account_id')
      .notNull()
      .references(() => clubAccounts.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<NewsletterImageType>().notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_images_org_idx').on(t.organisationId),
    check('newsletter_images_type_ck', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`),
    tenantIsolation(t.organisationId),
  ],
);
