import type { BillingCycle, BillingMethod, DiscountType, FamilyRole, MemberSource, MemberStatus, Sex } from '@fairway/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  type PgColumn,
  type PgColumnBuilderBase,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { tenantIsolation } from '../../db/row-level-security';
import { searchTermColumns, searchTermIndexes } from '../../db/word-search';
import { feeRules } from '../fees/fees.tables';
import { clubAccounts, tenantColumns } from '../organizations/organizations.tables';
import { actorReference } from '../users/users.tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What the member list's search box finds: names, golf ID (with and without its dash, so
 * "850312" and "850312-001" both match), member number and e-mail, as one `simple` tsvector.
 * Stored (generated), like invoices.search_vector, so a search never builds vectors per row.
 */
function memberSearchVector(t: {
  firstname: PgColumn;
  lastname: PgColumn;
  golfId: PgColumn;
  memberNumber: PgColumn;
  email: PgColumn;
}) {
  return sql`to_tsvector('simple', ${t.firstname} || ' ' || ${t.lastname} || ' ' || coalesce(${t.golfId}, '') || ' ' || coalesce(replace(${t.golfId}, '-', ''), '') || ' ' || coalesce(${t.memberNumber}, '') || ' ' || coalesce(${t.email}, ''))`;
}

type IndexColumn = Parameters<ReturnType<typeof index>['on']>[0];

/**
 * A fee rule reference that must stay inside the row's own club account: composite, so another
 * club account's or organisation's rule cannot be stored even by a path that forgot to check.
 * (A deleted rule is cleared from these rows first, by fees.repository's deleteFeeRule.)
 */
function feeRuleOfSameAccount(name: string, t: { feeRuleId: PgColumn; clubAccountId: PgColumn }) {
  return foreignKey({
    name,
    columns: [t.feeRuleId, t.clubAccountId],
    foreignColumns: [feeRules.id, feeRules.clubAccountId],
  }).onDelete('no action');
}

/**
 * The columns of a club account's category table (GIT's member and player categories): name,
 * an optional code unique per club account, a description, then the table's own columns
 * (`extra`), then the timestamps.
 */
function categoryColumns<E extends Record<string, PgColumnBuilderBase>>(extra: E) {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text('name').notNull(),
    code: text('code'),
    description: text('description'),
    ...extra,
    ...timestamps(),
  };
}

/**
 * A category table's indexes and policy: the code unique per club account, the list's name
 * order, and the organisation's rows only.
 */
function categoryIndexes(
  table: string,
  t: { organisationId: AnyPgColumn; clubAccountId: IndexColumn; code: IndexColumn; name: IndexColumn },
) {
  return [
    uniqueIndex(`${table}_club_code_uq`).on(t.clubAccountId, t.code),
    index(`${table}_club_name_idx`).on(t.clubAccountId, t.name),
    tenantIsolation(t.organisationId),
  ];
}

/** GIT's *medlemskategori* (drives the annual fee) per club account. */
export const memberCategories = pgTable(
  'member_categories',
  categoryColumns({
    junior: boolean('junior').notNull().default(false),
    /** A fee rule of the same club account (modules/fees). */
    defaultFeeRuleId: uuid('default_fee_rule_id'),
  }),
  (t) => [
    ...categoryIndexes('member_categories', t),
    feeRuleOfSameAccount('member_categories_fee_rule_fk', { feeRuleId: t.defaultFeeRuleId, clubAccountId: t.clubAccountId }),
  ],
);

/** GIT's *spelarkategori* per club account. */
export const playerCategories = pgTable('player_categories', categoryColumns({}), (t) => categoryIndexes('player_categories', t));

/**
 * Members of a club account (docs/members-and-fees.md#members). GIT's records are upserted by golf ID (unique per
 * club account) with `source = 'git'` and GIT's own timestamps; portal-made members carry
 * `source = 'portal'`. The list (50,000 members, p95 ≤ 50 ms) reads only this table plus the two
 * category tables by primary key; every sort has an index starting with club_account_id.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email'),
    birthDate: date('birth_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    sex: text('sex').$type<Sex>(),
    memberNumber: text('member_number'),
    homeClub: text('home_club'),
    golfId: text('golf_id'),
    personalNumber: text('personal_number'),
    country: text('country'),
    /** Handicap in tenths (12.3 is 123): one decimal without a float. */
    hcpTenths: integer('hcp_tenths'),
    homeAddress: text('home_address'),
    postalAddress: text('postal_address'),
    zipCode: text('zip_code'),
    city: text('city'),
    /** E.164. */
    phoneMobile: text('phone_mobile'),
    phoneHome: text('phone_home'),
    phoneWork: text('phone_work'),
    memberCategoryId: uuid('member_category_id').references(() => memberCategories.id, { onDelete: 'set null' }),
    /** A fee rule of the same club account (modules/fees). */
    feeRuleId: uuid('fee_rule_id'),
    playerCategoryId: uuid('player_category_id').references(() => playerCategories.id, { onDelete: 'set null' }),
    customerNumber: text('customer_number'),
    memberSince: date('member_since', { mode: 'string' }),
    status: text('status').$type<MemberStatus>().notNull().default('active'),
    accountingNumberActive: boolean('accounting_number_active').notNull().default(false),
    billingName: text('billing_name'),
    billingReference: text('billing_reference'),
    billingMethod: text('billing_method').$type<BillingMethod>(),
    billingCycle: text('billing_cycle').$type<BillingCycle>(),
    receiptsEmail: text('receipts_email'),
    guardianId: uuid('guardian_id').references((): AnyPgColumn => members.id, { onDelete: 'set null' }),
    source: text('source').$type<MemberSource>().notNull().default('portal'),
    gitCreatedAt: timestamp('git_created_at', { withTimezone: true }),
    gitUpdatedAt: timestamp('git_updated_at', { withTimezone: true }),
    gitSyncedAt: timestamp('git_synced_at', { withTimezone: true }),
    createdBy: actorReference('created_by'),
    ...timestamps(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => memberSearchVector(members)),
  },
  (t) => [
    // GIT's key: the sync upserts on it.
    uniqueIndex('members_club_golf_id_uq').on(t.clubAccountId, t.golfId),
    // One index per sort, then id (the tiebreak), all ascending: ORDER BY walks them either way.
    // Each ends in the organisation, so the tenant policy is checked in the index and a deep page
    // is skipped by an index-only scan (db/row-level-security.ts; docs/decisions/word-search-terms.md).
    index('members_club_name_idx').on(t.clubAccountId, t.lastname, t.firstname, t.id, t.organisationId),
    index('members_club_member_number_idx').on(t.clubAccountId, t.memberNumber, t.id, t.organisationId),
    index('members_club_birth_date_idx').on(t.clubAccountId, t.birthDate, t.id, t.organisationId),
    index('members_club_hcp_idx').on(t.clubAccountId, t.hcpTenths, t.id, t.organisationId),
    index('members_club_member_since_idx').on(t.clubAccountId, t.memberSince, t.id, t.organisationId),
    index('members_club_created_idx').on(t.clubAccountId, t.createdAt, t.id, t.organisationId),
    index('members_club_category_idx').on(t.clubAccountId, t.memberCategoryId),
    index('members_club_player_category_idx').on(t.clubAccountId, t.playerCategoryId),
    index('members_club_guardian_idx').on(t.clubAccountId, t.guardianId),
    index('members_club_customer_idx').on(t.clubAccountId, t.customerNumber),
    feeRuleOfSameAccount('members_fee_rule_fk', t),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * The words of each member's search_vector, one row each, kept by the triggers of
 * db/migrations/0029_word_search_terms_triggers.sql and 0044_search_terms_order_key.sql: what the
 * member list's search box reads (db/word-search.ts). Each carries the member's last and first
 * name, the list's default order with the member id (members.repository.ts pageOrder), so a
 * search's page is chosen here.
 */
export const memberSearchTerms = pgTable(
  'member_search_terms',
  searchTermColumns(
    { name: 'member_id', references: () => members.id },
    { lastname: text('lastname').notNull(), firstname: text('firstname').notNull() },
  ),
  (t) => searchTermIndexes('member_search_terms', t, [t.lastname, t.firstname]),
);

/** The notes tab of a member. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorId: actorReference('author_id'),
    createdAt: createdAt(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.createdAt), tenantIsolation(t.organisationId)],
);

/** Families (docs/members-and-fees.md#families): invoiced together with their fee rule and discount. */
export const families = pgTable(
  'families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text('name').notNull(),
    /**
     * GIT's id of the family when GIT keeps it (the GIT refresh keeps its tree as GIT has it);
     * null for a family made in the portal. Fee rule and discount are the portal's either way.
     */
    gitFamilyId: text('git_family_id'),
    /** A fee rule of the same club account (modules/fees). */
    feeRuleId: uuid('fee_rule_id'),
    discountType: text('discount_type').$type<DiscountType>(),
    /** Basis points for a percentage, öre for an amount. */
    discountValue: bigint('discount_value', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    index('families_club_name_idx').on(t.clubAccountId, t.name),
    uniqueIndex('families_club_git_family_uq').on(t.clubAccountId, t.gitFamilyId),
    feeRuleOfSameAccount('families_fee_rule_fk', t),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * The family tree. The member is the key: a member is in at most one family. One payer per
 * family is kept by a partial unique index (the service also wants exactly one).
 */
export const familyMembers = pgTable(
  'family_members',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    role: text('role').$type<FamilyRole>().notNull(),
  },
  (t) => [
    index('family_members_family_idx').on(t.familyId),
    uniqueIndex('family_members_one_payer_uq').on(t.familyId).where(sql`${t.role} = 'payer'`),
    tenantIsolation(t.organisationId),
  ],
);

/**
 * A counter per club account, raised by every write to its members or families in the same
 * transaction: the key of the list's cached totals (a delete changes no row's timestamp, so
 * max(updated_at) would not do). One primary-key read per list request.
 */
export const memberListVersions = pgTable('member_list_versions', {
  clubAccountId: uuid('club_account_id')
    .primaryKey()
    .references(() => clubAccounts.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
