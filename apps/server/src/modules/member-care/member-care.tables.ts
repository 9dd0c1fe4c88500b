import type {
  EmailDesign,
  Lang,
  NewsletterImageType,
  RecipientSelection,
  RecipientStatus,
  SendoutChannel,
} from '@fairway/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea';
import { createdAt, timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { runLifecycleColumns } from '../../lib/runs/run-columns';
import { members } from '../members/members.tables';
import { organisationReference, tenantColumns } from '../organizations/organizations.tables';
import { actorReference, authorship } from '../users/users.tables';

/**
 * A club account's e-mail templates (docs/member-care.md#templates). `design` is the editor's
 * document as it was sent; `html` and `text` are rendered from it on every save, member fields
 * still as `{{field}}`, so a send-out only fills them in per recipient.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    title: text('title').notNull(),
    subject: text('subject').notNull().default(''),
    lang: text('lang').$type<Lang>().notNull().default('sv'),
    design: jsonb('design').$type<EmailDesign>().notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    ...authorship(),
    ...timestamps(),
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
    ...tenantColumns(),
    contentType: text('content_type').$type<NewsletterImageType>().notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdBy: actorReference('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('newsletter_images_org_idx').on(t.organisationId),
    check('newsletter_images_type_ck', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A member's "no more of these" (docs/member-care.md#unsubscribing): per organisation and channel,
 * from the link in an e-mail, the one-click header or the office. Every later send-out leaves the
 * member out (modules/member-care/recipients.ts).
 */
export const memberCareUnsubscribes = pgTable(
  'member_care_unsubscribes',
  {
    organisationId: organisationReference(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<SendoutChannel>().notNull(),
    /** `link` (the page), `one-click` (RFC 8058 POST from the mail program). */
    source: text('source').notNull(),
    /** The send-out whose message carried the link, when known. */
    sendoutId: uuid('sendout_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'member_care_unsubscribes_pk', columns: [t.organisationId, t.channel, t.memberId] }),
    index('member_care_unsubscribes_member_idx').on(t.memberId),
    check('member_care_unsubscribes_channel_ck', sql`${t.channel} in ('email', 'sms')`),
    tenantIsolation(t.organisationId),
  ],
);

/** A send-out's state: the run engine's four (lib/runs) and the three before and beside a run. */
export const SENDOUT_ROW_STATUSES = ['draft', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type SendoutRowStatus = (typeof SENDOUT_ROW_STATUSES)[number];

/**
 * An e-mail or SMS send-out of a club account (docs/member-care.md#send-outs). A draft or
 * scheduled send-out is no run yet; sending makes it one of the run engine (kind
 * `member-care.sendout`, sendouts.runs.ts), which only ever reads `queued` and `running` rows.
 * When it starts, the template's subject, HTML and text are copied here, so every attempt sends
 * the same message whatever happens to the template.
 */
export const memberCareSendouts = pgTable(
  'member_care_sendouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    title: text('title').notNull(),
    channel: text('channel').$type<SendoutChannel>().notNull(),
    status: text('status').$type<SendoutRowStatus>().notNull().default('draft'),
    templateId: uuid('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    /** As given; empty takes the template's. */
    subject: text('subject').notNull().default(''),
    sender: text('sender').notNull().default(''),
    message: text('message').notNull().default(''),
    segments: integer('segments').notNull().default(0),
    selection: jsonb('selection').$type<RecipientSelection>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** The message as it is sent, copied when the send-out starts. */
    sentSubject: text('sent_subject'),
    sentHtml: text('sent_html'),
    sentText: text('sent_text'),
    sentLang: text('sent_lang').$type<Lang>(),
    /** Set once its recipients are written (the run's first step). */
    materialisedAt: timestamp('materialised_at', { withTimezone: true }),
    error: text('error'),
    ...runLifecycleColumns(),
    ...authorship(),
    ...timestamps(),
  },
  (t) => [
    index('member_care_sendouts_account_idx').on(t.clubAccountId, t.status, t.sendAt),
    index('member_care_sendouts_org_idx').on(t.organisationId),
    index('member_care_sendouts_due_idx').on(t.sendAt).where(sql`${t.status} = 'scheduled'`),
    check('member_care_sendouts_channel_ck', sql`${t.channel} in ('email', 'sms')`),
    check(
      'member_care_sendouts_status_ck',
      sql`${t.status} in ('draft', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A send-out's recipients, written when it starts: the send-out's ledger. `attempted_at` is
 * committed before a message is handed to the mail server or 46elks, so a resumed attempt never
 * hands it over again blindly: a row attempted but not confirmed is `review`
 * (docs/member-care.md#exactly-once).
 */
export const memberCareSendoutRecipients = pgTable(
  'member_care_sendout_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: organisationReference(),
    sendoutId: uuid('sendout_id')
      .notNull()
      .references(() => memberCareSendouts.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Written in order of the selection (name order); the run works through them by it. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    viaPayer: boolean('via_payer').notNull().default(false),
    /** The member fields as they were when the send-out started (renderForRecipient's input). */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    /** Why it failed, bounced or needs review, as lib/failure.ts stores it. */
    reason: text('reason'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** 46elks' id of the SMS (delivery reports name it); the Message-ID of an e-mail. */
    providerId: text('provider_id'),
    segments: integer('segments').notNull().default(0),
  },
  (t) => [
    uniqueIndex('member_care_sendout_recipients_position_uq').on(t.sendoutId, t.position),
    index('member_care_sendout_recipients_status_idx').on(t.sendoutId, t.status),
    index('member_care_sendout_recipients_provider_idx').on(t.providerId),
    check(
      'member_care_sendout_recipients_status_ck',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'bounced', 'review', 'cancelled')`,
    ),
    tenantIsolation(t.organisationId),
  ],
);
