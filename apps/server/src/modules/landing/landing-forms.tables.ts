import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Messages from the public contact form (/contact-us); answered within 48 hours (docs/help.md#contact). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164, or null when none was given. */
    phone: text('phone'),
    club: text('club').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    consent: boolean('consent').notNull(),
    lang: text('lang').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Addresses to tell when the product launches (landing_page/notification_signup); one row per address. */
export const notificationSignups = pgTable(
  'notification_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased, so the same address in other letters is the same signup. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    club: text('club').notNull().default(''),
    lang: text('lang').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('notification_signups_email_uq').on(t.email)],
);
