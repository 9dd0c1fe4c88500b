import type { BillingMethod, MemberSort, MembersListFilter } from '@fairway/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  gte,
  inArray,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { vacuumIfNoAutovacuum } from '../../db/maintenance';
import { countMatches, matchesWords, pageOfMatches, searchWords } from '../../db/word-search';
import { inChunks } from '../../lib/sql';
import { deferredPage, orderByOf, type PageOrder } from '../accounting/mirror/list';
import { openBalanceOf, openBalancesByCustomer, owingCustomers } from '../invoices/invoices.repository';
import { users } from '../users/users.tables';
import {
  families,
  familyMembers,
  memberCategories,
  memberListVersions,
  memberNotes,
  memberSearchTerms,
  members,
  playerCategories,
} from './members.tables';

/** The club account whose members a call reads or writes: every function takes it. */
export interface MemberTenant {
  organisationId: string;
  clubAccountId: string;
}

/**
 * Members, families and member categories that use a fee rule lose it (keep their place without
 * a rule), before the rule is deleted (modules/fees/fees.repository.ts, deleteFeeRule).
 */
export async function clearFeeRule(conn: Db | Tx, tenant: MemberTenant, feeRuleId: string) {
  await conn
    .update(members)
    .set({ feeRuleId: null })
    .where(and(eq(members.clubAccountId, tenant.clubAccountId), eq(members.feeRuleId, feeRuleId)));
  await conn
    .update(families)
    .set({ feeRuleId: null })
    .where(and(eq(families.clubAccountId, tenant.clubAccountId), eq(families.feeRuleId, feeRuleId)));
  await conn
    .update(memberCategories)
    .set({ defaultFeeRuleId: null })
    .where(and(eq(memberCategories.clubAccountId, tenant.clubAccountId), eq(memberCategories.defaultFeeRuleId, feeRuleId)));
}

export type MemberRecord = typeof members.$inferSelect;
export type MemberValues = Partial<Omit<typeof members.$inferInsert, 'id' | 'organisationId' | 'clubAccountId' | 'searchVector'>>;
export type MemberListFilter = Omit<MembersListFilter, 'page' | 'pageSize'>;

const own = (t: MemberTenant) => [eq(members.organisationId, t.organisationId), eq(members.clubAccountId, t.clubAccountId)];

// ---- the invoice balance ----------------------------------------------------------------------

/**
 * A member's invoice balance is not stored: it is the open balance of the member's customer
 * (invoices.repository's `openBalanceOf`), the same invoices the billing tab lists
 * (invoices.repository's `openInvoicesOfCustomerPage`), so the figure and the list cannot disagree.
 * Correlated with the `members` row of the enclosing query.
 */
const memberBalance = () => openBalanceOf(members.clubAccountId, members.customerNumber);

// ---- the list version (the key of the cached totals) ---------------------------------------

/** Raises the club account's list version; call inside the transaction of every member write. */
export async function bumpListVersion(conn: Db | Tx, t: MemberTenant): Promise<void> {
  await conn
    .insert(memberListVersions)
    .values({ clubAccountId: t.clubAccountId, version: 1 })
    .onConflictDoUpdate({ target: memberListVersions.clubAccountId, set: { version: sql`${memberListVersions.version} + 1` } });
}

export async function listVersion(conn: Db | Tx, t: MemberTenant): Promise<number> {
  const [row] = await conn
    .select({ version: memberListVersions.version })
    .from(memberListVersions)
    .where(eq(memberListVersions.clubAccountId, t.clubAccountId));
  return row?.version ?? 0;
}

/**
 * After a bulk write of the register (a GIT refresh), PGlite gets the statistics and visibility
 * of the register and its search terms that autovacuum keeps elsewhere (db/maintenance.ts).
 */
export function vacuumMemberTables(deps: Parameters<typeof vacuumIfNoAutovacuum>[0], written: number): Promise<void> {
  return vacuumIfNoAutovacuum(deps, written, [members, memberSearchTerms]);
}

// ---- the list -------------------------------------------------------------------------------

/** YYYY-MM-DD `years` before `on` (29 February falls back to the 28th). */
export function yearsBefore(on: string, years: number): string {
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** The list's filters other than the club account and the search box. */
function narrowing(t: MemberTenant, f: MemberListFilter, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (f.active !== undefined) conditions.push(eq(members.active, f.active));
  if (f.memberCategoryId) conditions.push(eq(members.memberCategoryId, f.memberCategoryId));
  if (f.playerCategoryId) conditions.push(eq(members.playerCategoryId, f.playerCategoryId));
  if (f.ids) conditions.push(f.ids.length === 0 ? sql`false` : inArray(members.id, f.ids));
  if (f.sex) conditions.push(eq(members.sex, f.sex));
  if (f.status) conditions.push(eq(members.status, f.status));
  // Age a … b: born on or before today − a years, and after today − (b + 1) years.
  if (f.ageFrom !== undefined) conditions.push(lte(members.birthDate, yearsBefore(today, f.ageFrom)));
  if (f.ageTo !== undefined) conditions.push(gt(members.birthDate, yearsBefore(today, f.ageTo + 1)));
  if (f.hasBalance !== undefined) {
    const owing = sql`${members.customerNumber} in (${owingCustomers(t.clubAccountId)})`;
    conditions.push(f.hasBalance ? owing : sql`(${members.customerNumber} is null or not ${owing})`);
  }
  if (f.inFamily !== undefined) {
    const inFamily = sql`exists (select 1 from ${familyMembers} where ${familyMembers.memberId} = ${members.id})`;
    conditions.push(f.inFamily ? inFamily : sql`not ${inFamily}`);
  }
  return conditions;
}

/**
 * `clubAccountOnly` leaves out the organisation (a club account belongs to exactly one) so the
 * page's ids can come from an index alone; the caller checks the organisation on the rows.
 */
function filterOf(t: MemberTenant, f: MemberListFilter, today: string, clubAccountOnly = false): SQL | undefined {
  const conditions: SQL[] = clubAccountOnly ? [eq(members.clubAccountId, t.clubAccountId)] : own(t);
  conditions.push(...narrowing(t, f, today));
  const search = matchesWords(memberSearchTerms, members.id, t.clubAccountId, f.search);
  if (search) conditions.push(search);
  return and(...conditions);
}

/**
 * Every sort but the balance has an index (club account, column…, id) in members.tables.ts; the
 * balance is summed from the invoice mirror, so its order is computed (listMembers).
 */
const SORT_COLUMNS: Record<Exclude<MemberSort, 'balance'>, PgColumn[]> = {
  name: [members.lastname, members.firstname],
  golfId: [members.golfId],
  memberNumber: [members.memberNumber],
  // Youngest first when ascending by age is descending by birth date.
  age: [members.birthDate],
  hcp: [members.hcpTenths],
  memberSince: [members.memberSince],
  createdAt: [members.createdAt],
};

/** Youngest first when ascending by age is descending by birth date. */
const sortAscending = (f: MemberListFilter) => (f.sort === 'age' ? f.order === 'desc' : f.order !== 'desc');

function pageOrder(f: MemberListFilter & { sort: Exclude<MemberSort, 'balance'> }): PageOrder {
  // Plain ASC/DESC, so the ascending indexes serve both directions; golf IDs are unique.
  const columns = SORT_COLUMNS[f.sort];
  return {
    columns: f.sort === 'golfId' ? columns : [...columns, members.id],
    direction: sortAscending(f) ? 'asc' : 'desc',
  };
}

const isBalanceSort = (f: MemberListFilter): f is MemberListFilter & { sort: 'balance' } => f.sort === 'balance';

const listColumns = {
  id: members.id,
  firstname: members.firstname,
  lastname: members.lastname,
  email: members.email,
  golfId: members.golfId,
  memberNumber: members.memberNumber,
  birthDate: members.birthDate,
  sex: members.sex,
  active: members.active,
  status: members.status,
  hcpTenths: members.hcpTenths,
  phoneMobile: members.phoneMobile,
  city: members.city,
  memberCategoryId: members.memberCategoryId,
  memberCategoryName: memberCategories.name,
  playerCategoryId: members.playerCategoryId,
  playerCategoryName: playerCategories.name,
  feeRuleId: members.feeRuleId,
  memberSince: members.memberSince,
  invoiceBalanceOre: memberBalance(),
  guardianId: members.guardianId,
  inFamily: sql<boolean>`exists (select 1 from ${familyMembers} where ${familyMembers.memberId} = ${members.id})`,
};
export type MemberListRecord = {
  [K in keyof typeof listColumns]: K extends 'inFamily'
    ? boolean
    : K extends 'invoiceBalanceOre'
      ? number
      : K extends 'memberCategoryName' | 'playerCategoryName'
        ? string | null
        : MemberRecord[K & keyof MemberRecord];
};

/**
 * One page in the chosen order, with the category names. The page's ids are found first, from
 * members alone (club account only, so the sort index can answer), and only then are their rows
 * read and joined (a deferred join): a deep page skips thousands of rows without joining each.
 * A search finds its matches first (its terms, db/word-search.ts), then sorts them (`fenced`): given ORDER BY …
 * LIMIT the planner walked the sort index instead, testing each member until 25 matched, and a
 * surname clusters in name order, so "svensson" read 47,000 of 50,000 members (52 ms on
 * PostgreSQL, far more on PGlite).
 */
export async function listMembers(
  conn: Db | Tx,
  t: MemberTenant,
  f: MemberListFilter,
  page: { page: number; pageSize: number },
  today: string,
): Promise<MemberListRecord[]> {
  const rows = () =>
    conn
      .select(listColumns)
      .from(members)
      .leftJoin(memberCategories, eq(memberCategories.id, members.memberCategoryId))
      .leftJoin(playerCategories, eq(playerCategories.id, members.playerCategoryId));
  if (isBalanceSort(f)) {
    // Sorted by the owing customers' balances joined in (one aggregate over the unpaid invoices,
    // owingCustomers), zero for everyone else; the page's ids first, then their rows.
    const dir = f.order === 'desc' ? desc : asc;
    const balances = openBalancesByCustomer(conn, t.clubAccountId);
    const ids = (
      await conn
        .select({ id: members.id })
        .from(members)
        .leftJoin(balances, eq(balances.customerNumber, members.customerNumber))
        .where(filterOf(t, f, today))
        .orderBy(dir(sql`coalesce(${balances.balanceOre}, 0)`), dir(members.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
    ).map((r) => r.id);
    if (ids.length === 0) return [];
    const found = new Map((await rows().where(and(...own(t), inArray(members.id, ids)))).map((r) => [r.id, r]));
    return ids.flatMap((id) => found.get(id) ?? []) as MemberListRecord[];
  }
  const order = pageOrder(f as MemberListFilter & { sort: Exclude<MemberSort, 'balance'> });
  // A search alone in name order (the default): the page is chosen in the terms, which carry each
  // member's names (db/word-search.ts pageOfMatches), and only its members are read.
  const onPage =
    (f.sort === 'name' && narrowing(t, f, today).length === 0
      ? pageOfMatches(
          memberSearchTerms,
          members.id,
          t.clubAccountId,
          f.search,
          {
            columns: [memberSearchTerms.lastname, memberSearchTerms.firstname, memberSearchTerms.rowId],
            direction: order.direction,
          },
          page,
        )
      : null) ??
    deferredPage(conn, members, members.id, filterOf(t, f, today, true), order, page, {
      fenced: searchWords(f.search) !== null,
    });
  return (await rows()
    .where(and(...own(t), onPage))
    .orderBy(...orderByOf(order))) as MemberListRecord[];
}

export async function countMembers(conn: Db | Tx, t: MemberTenant, f: MemberListFilter, today: string): Promise<number> {
  // A search alone is counted in its terms index, without reading each match (db/word-search.ts).
  if (narrowing(t, f, today).length === 0) {
    const matches = await countMatches(conn, memberSearchTerms, t.clubAccountId, f.search);
    if (matches !== null) return matches;
  }
  const [row] = await conn
    .select({ n: count() })
    .from(members)
    .where(filterOf(t, f, today));
  return row?.n ?? 0;
}

// ---- one member -----------------------------------------------------------------------------

export interface MemberWithCategories {
  member: MemberRecord;
  /** The sum of the open invoices of the member's customer (memberBalance). */
  invoiceBalanceOre: number;
  memberCategory: { id: string; name: string; code: string | null; junior: boolean } | null;
  playerCategory: { id: string; name: string; code: string | null } | null;
}

/** Members of the register whose membership began in the range (`member_since`, both ends included). */
export async function countJoined(conn: Db | Tx, t: MemberTenant, from: string, to: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(members)
    .where(and(...own(t), gte(members.memberSince, from), lte(members.memberSince, to)));
  return row?.n ?? 0;
}

export async function findMember(conn: Db | Tx, t: MemberTenant, id: string): Promise<MemberWithCategories | null> {
  const [row] = await conn
    .select({
      member: members,
      memberCategory: {
        id: memberCategories.id,
        name: memberCategories.name,
        code: memberCategories.code,
        junior: memberCategories.junior,
      },
      playerCategory: { id: playerCategories.id, name: playerCategories.name, code: playerCategories.code },
      invoiceBalanceOre: memberBalance(),
    })
    .from(members)
    .leftJoin(memberCategories, eq(memberCategories.id, members.memberCategoryId))
    .leftJoin(playerCategories, eq(playerCategories.id, members.playerCategoryId))
    .where(and(eq(members.id, id), ...own(t)));
  return row ?? null;
}

/** Locks the member row for the rest of the transaction; null when it is not the tenant's. */
export async function lockMember(tx: Tx, t: MemberTenant, id: string): Promise<MemberRecord | null> {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.id, id), ...own(t)))
    .for('update');
  return row ?? null;
}

/** The register's ids of these golf IDs, by golf ID (the GIT member list shows which are in the register). */
export async function idsByGolfId(conn: Db | Tx, t: MemberTenant, golfIds: string[]): Promise<Map<string, string>> {
  if (golfIds.length === 0) return new Map();
  const rows = await conn
    .select({ id: members.id, golfId: members.golfId })
    .from(members)
    .where(and(...own(t), inArray(members.golfId, golfIds)));
  return new Map(rows.map((m) => [m.golfId as string, m.id]));
}

export async function golfIdOwner(conn: Db | Tx, t: MemberTenant, golfId: string): Promise<string | null> {
  const [row] = await conn
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.clubAccountId, t.clubAccountId), eq(members.golfId, golfId)));
  return row?.id ?? null;
}

export async function insertMember(tx: Tx, t: MemberTenant, values: MemberValues & { firstname: string; lastname: string }) {
  const [row] = await tx
    .insert(members)
    .values({ ...values, organisationId: t.organisationId, clubAccountId: t.clubAccountId })
    .returning({ id: members.id });
  if (!row) throw new Error('members insert returned no row');
  await bumpListVersion(tx, t);
  return row.id;
}

export async function updateMember(tx: Tx, t: MemberTenant, id: string, values: MemberValues): Promise<void> {
  await tx
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(members.id, id), ...own(t)));
  await bumpListVersion(tx, t);
}

/** Which of `ids` are the tenant's members, locked for the rest of the transaction. */
export async function lockMembers(tx: Tx, t: MemberTenant, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: members.id, firstname: members.firstname, lastname: members.lastname, source: members.source })
    .from(members)
    .where(and(inArray(members.id, [...ids]), ...own(t)))
    .for('update');
}

export async function updateMembers(tx: Tx, t: MemberTenant, ids: readonly string[], values: MemberValues): Promise<number> {
  const rows = await tx
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inArray(members.id, [...ids]), ...own(t)))
    .returning({ id: members.id });
  await bumpListVersion(tx, t);
  return rows.length;
}

export async function deleteMembers(tx: Tx, t: MemberTenant, ids: readonly string[]): Promise<number> {
  const rows = await tx
    .delete(members)
    .where(and(inArray(members.id, [...ids]), ...own(t)))
    .returning({ id: members.id });
  await bumpListVersion(tx, t);
  return rows.length;
}

const refColumns = {
  id: members.id,
  firstname: members.firstname,
  lastname: members.lastname,
  golfId: members.golfId,
  birthDate: members.birthDate,
};
export type MemberRefRecord = {
  id: string;
  firstname: string;
  lastname: string;
  golfId: string | null;
  birthDate: string | null;
};

export async function memberRef(conn: Db | Tx, t: MemberTenant, id: string): Promise<MemberRefRecord | null> {
  const [row] = await conn
    .select(refColumns)
    .from(members)
    .where(and(eq(members.id, id), ...own(t)));
  return row ?? null;
}

/** The member's name and number (what a support ticket about the member shows). */
export async function memberNameOf(
  conn: Db | Tx,
  t: MemberTenant,
  id: string,
): Promise<{ id: string; firstname: string; lastname: string; memberNumber: string | null } | null> {
  const [row] = await conn
    .select({ id: members.id, firstname: members.firstname, lastname: members.lastname, memberNumber: members.memberNumber })
    .from(members)
    .where(and(eq(members.id, id), ...own(t)));
  return row ?? null;
}

/**
 * The names and numbers of these members of the organisation, by id (support tickets, which
 * belong to the organisation rather than a club account, name the member they are about;
 * modules/support/support.repository.ts). Ids of another organisation are left out.
 */
export async function memberNamesByIds(
  conn: Db | Tx,
  organisationId: string,
  ids: readonly string[],
): Promise<Map<string, { firstname: string; lastname: string; memberNumber: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await conn
    .select({ id: members.id, firstname: members.firstname, lastname: members.lastname, memberNumber: members.memberNumber })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), inArray(members.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

export async function wardsOf(conn: Db | Tx, t: MemberTenant, guardianId: string): Promise<MemberRefRecord[]> {
  return conn
    .select(refColumns)
    .from(members)
    .where(and(eq(members.guardianId, guardianId), ...own(t)))
    .orderBy(asc(members.lastname), asc(members.firstname))
    .limit(100);
}

// ---- recipients of member care's messages --------------------------------------------------

/** Which members a member-care message goes to (modules/member-care/recipients.ts); every part optional, all must hold. */
export interface MessageSelectionFilter {
  memberCategoryIds?: readonly string[];
  playerCategoryIds?: readonly string[];
  active?: boolean;
  /** `payer`: the payer of a family; `guardian`: the guardian of at least one member. */
  familyRole?: 'payer' | 'guardian';
  ageFrom?: number;
  ageTo?: number;
  /** Members whose customer owes on open invoices. */
  openBalance?: boolean;
  /** Members whose customer number is among these (a subquery, e.g. a customer segment's numbers). */
  customerNumberIn?: SQL;
  memberIds?: readonly string[];
}

const contactColumns = <C extends Record<'id' | 'firstname' | 'lastname' | 'email' | 'phoneMobile', PgColumn>>(m: C) => ({
  id: m.id,
  firstname: m.firstname,
  lastname: m.lastname,
  email: m.email,
  phoneMobile: m.phoneMobile,
});
export interface MessageContactRecord {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phoneMobile: string | null;
}
export interface MessageRecipientRecord extends MessageContactRecord {
  active: boolean;
  golfId: string | null;
  memberNumber: string | null;
  birthDate: string | null;
  memberCategory: string | null;
  juniorCategory: boolean;
  invoiceBalanceOre: number;
  /** The member's guardian, and the payer of the member's family (when not the member), for juniors without their own address. */
  guardian: MessageContactRecord | null;
  payer: MessageContactRecord | null;
}

/** Which of these ids are members of the club account (the rest are unknown to it). */
export async function ownMemberIds(conn: Db | Tx, t: MemberTenant, ids: readonly string[]): Promise<Set<string>> {
  const rows = await inChunks([...new Set(ids)], (chunk) =>
    conn
      .select({ id: members.id })
      .from(members)
      .where(and(...own(t), inArray(members.id, chunk))),
  );
  return new Set(rows.map((r) => r.id));
}

/** Whether the organisation has this member (an unsubscribe link names one). */
export async function memberOfOrganisationExists(conn: Db | Tx, organisationId: string, id: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.id, id)))
    .limit(1);
  return row !== undefined;
}

const guardianOf = alias(members, 'guardian');
const payerOf = alias(members, 'payer');
const ownLink = alias(familyMembers, 'own_link');
const payerLink = alias(familyMembers, 'payer_link');
const contactOrNull = (c: unknown): MessageContactRecord | null => {
  const contact = c as { [K in keyof MessageContactRecord]: MessageContactRecord[K] | null } | null;
  return contact?.id ? (contact as MessageContactRecord) : null;
};

/**
 * The members a selection takes, in name order, with what a message to them needs: their
 * addresses, member fields (category, open balance) and, for a junior, the guardian's and the
 * family payer's. One query however large the club.
 */
export async function membersForMessages(
  conn: Db | Tx,
  t: MemberTenant,
  f: MessageSelectionFilter,
  today: string,
): Promise<MessageRecipientRecord[]> {
  const conditions: SQL[] = own(t);
  if (f.memberIds) {
    if (f.memberIds.length === 0) return [];
    conditions.push(inArray(members.id, [...f.memberIds]));
  }
  if (f.memberCategoryIds?.length) conditions.push(inArray(members.memberCategoryId, [...f.memberCategoryIds]));
  if (f.playerCategoryIds?.length) conditions.push(inArray(members.playerCategoryId, [...f.playerCategoryIds]));
  if (f.active !== undefined) conditions.push(eq(members.active, f.active));
  if (f.ageFrom !== undefined) conditions.push(lte(members.birthDate, yearsBefore(today, f.ageFrom)));
  if (f.ageTo !== undefined) conditions.push(gt(members.birthDate, yearsBefore(today, f.ageTo + 1)));
  if (f.openBalance !== undefined) {
    const owing = sql`${members.customerNumber} in (${owingCustomers(t.clubAccountId)})`;
    conditions.push(f.openBalance ? owing : sql`(${members.customerNumber} is null or not ${owing})`);
  }
  if (f.customerNumberIn) conditions.push(sql`${members.customerNumber} in (${f.customerNumberIn})`);
  if (f.familyRole === 'payer') {
    conditions.push(
      sql`exists (select 1 from ${familyMembers} where ${familyMembers.memberId} = ${members.id} and ${familyMembers.role} = 'payer')`,
    );
  }
  if (f.familyRole === 'guardian') {
    conditions.push(sql`exists (select 1 from ${members} as ward where ward.guardian_id = ${members.id})`);
  }
  const rows = await conn
    .select({
      ...contactColumns(members),
      active: members.active,
      golfId: members.golfId,
      memberNumber: members.memberNumber,
      birthDate: members.birthDate,
      memberCategory: memberCategories.name,
      juniorCategory: sql<boolean>`coalesce(${memberCategories.junior}, false)`,
      invoiceBalanceOre: sql<number>`${memberBalance()}`.mapWith(Number),
      guardian: contactColumns(guardianOf),
      payer: contactColumns(payerOf),
    })
    .from(members)
    .leftJoin(memberCategories, eq(memberCategories.id, members.memberCategoryId))
    .leftJoin(guardianOf, and(eq(guardianOf.id, members.guardianId), eq(guardianOf.clubAccountId, t.clubAccountId)))
    .leftJoin(ownLink, eq(ownLink.memberId, members.id))
    .leftJoin(payerLink, and(eq(payerLink.familyId, ownLink.familyId), eq(payerLink.role, 'payer')))
    .leftJoin(
      payerOf,
      and(eq(payerOf.id, payerLink.memberId), sql`${payerOf.id} <> ${members.id}`, eq(payerOf.clubAccountId, t.clubAccountId)),
    )
    .where(and(...conditions))
    .orderBy(asc(members.lastname), asc(members.firstname), asc(members.id));
  return rows.map((r) => ({
    ...r,
    guardian: contactOrNull(r.guardian),
    payer: contactOrNull(r.payer),
  }));
}

// ---- notes ----------------------------------------------------------------------------------

export async function notesOf(conn: Db | Tx, t: MemberTenant, memberId: string) {
  return conn
    .select({
      id: memberNotes.id,
      text: memberNotes.text,
      authorId: memberNotes.authorId,
      authorName: users.name,
      createdAt: memberNotes.createdAt,
    })
    .from(memberNotes)
    .leftJoin(users, eq(users.id, memberNotes.authorId))
    .where(and(eq(memberNotes.memberId, memberId), eq(memberNotes.clubAccountId, t.clubAccountId)))
    .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
    .limit(500);
}

export async function insertNote(conn: Db | Tx, t: MemberTenant, memberId: string, text: string, authorId: string) {
  const [row] = await conn
    .insert(memberNotes)
    .values({ organisationId: t.organisationId, clubAccountId: t.clubAccountId, memberId, text, authorId })
    .returning({ id: memberNotes.id });
  return row?.id as string;
}

export async function deleteNote(conn: Db | Tx, t: MemberTenant, memberId: string, noteId: string): Promise<boolean> {
  const rows = await conn
    .delete(memberNotes)
    .where(
      and(
        eq(memberNotes.id, noteId),
        eq(memberNotes.memberId, memberId),
        eq(memberNotes.organisationId, t.organisationId),
        eq(memberNotes.clubAccountId, t.clubAccountId),
      ),
    )
    .returning({ id: memberNotes.id });
  return rows.length > 0;
}

// ---- family of a member ---------------------------------------------------------------------

/** The family of a member with every member of it, or null. */
export async function familyOfMember(conn: Db | Tx, t: MemberTenant, memberId: string) {
  const [link] = await conn
    .select({ familyId: familyMembers.familyId, role: familyMembers.role, name: families.name })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(and(eq(familyMembers.memberId, memberId), eq(familyMembers.clubAccountId, t.clubAccountId)));
  if (!link) return null;
  const people = await familyPeople(conn, t, [link.familyId]);
  return { id: link.familyId, name: link.name, role: link.role, members: people.map(({ familyId: _f, ...p }) => p) };
}

const ROLE_ORDER = sql`case ${familyMembers.role} when 'payer' then 0 when 'partner' then 1 when 'child' then 2 else 3 end`;

/** The members of the given families, payer first, then partner, children, others. */
export async function familyPeople(conn: Db | Tx, t: MemberTenant, familyIds: readonly string[]) {
  if (familyIds.length === 0) return [];
  return conn
    .select({ familyId: familyMembers.familyId, role: familyMembers.role, ...refColumns })
    .from(familyMembers)
    .innerJoin(members, eq(members.id, familyMembers.memberId))
    .where(and(inArray(familyMembers.familyId, [...familyIds]), eq(familyMembers.clubAccountId, t.clubAccountId)))
    .orderBy(ROLE_ORDER, asc(members.birthDate), asc(members.firstname));
}

const otherMember = alias(familyMembers, 'other_member');

/** Payers among `ids` whose family has other members too (they cannot just leave). */
export async function payersWithFamily(conn: Db | Tx, t: MemberTenant, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return conn
    .select({ memberId: familyMembers.memberId, familyName: families.name })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(
      and(
        inArray(familyMembers.memberId, [...ids]),
        eq(familyMembers.role, 'payer'),
        eq(familyMembers.clubAccountId, t.clubAccountId),
        exists(
          conn
            .select({ one: sql`1` })
            .from(otherMember)
            .where(and(eq(otherMember.familyId, familyMembers.familyId), notInArray(otherMember.memberId, [...ids]))),
        ),
      ),
    );
}

// ---- GIT sync -------------------------------------------------------------------------------

/**
 * The billing method the members of these golf IDs chose (members without one are left out): the
 * GIT sync sends their invoices by it (modules/git/sync/git-sync-documents.ts).
 */
export async function billingMethodsByGolfId(
  conn: Db | Tx,
  t: MemberTenant,
  golfIds: readonly string[],
): Promise<{ golfId: string; billingMethod: BillingMethod }[]> {
  const rows = await inChunks(golfIds, (chunk) =>
    conn
      .select({ golfId: members.golfId, billingMethod: members.billingMethod })
      .from(members)
      .where(and(...own(t), inArray(members.golfId, chunk))),
  );
  return rows.flatMap((r) => (r.golfId && r.billingMethod ? [{ golfId: r.golfId, billingMethod: r.billingMethod }] : []));
}

/**
 * The customer the GIT sync made (or found) for a payer becomes the member's customer, unless the
 * club gave the member one already: from then on the billing tab lists that customer's invoices.
 */
export async function linkCustomerNumber(conn: Db | Tx, t: MemberTenant, golfId: string, customerNumber: string): Promise<void> {
  const linked = await conn
    .update(members)
    .set({ customerNumber, updatedAt: new Date() })
    .where(and(...own(t), eq(members.golfId, golfId), sql`${members.customerNumber} is null`))
    .returning({ id: members.id });
  if (linked.length > 0) await bumpListVersion(conn, t);
}

/** Drops the member's link to a customer the accounting program no longer has (the GIT sync then links the new one). */
export async function unlinkCustomerNumber(
  conn: Db | Tx,
  t: MemberTenant,
  golfId: string,
  customerNumber: string,
): Promise<void> {
  const unlinked = await conn
    .update(members)
    .set({ customerNumber: null, updatedAt: new Date() })
    .where(and(...own(t), eq(members.golfId, golfId), eq(members.customerNumber, customerNumber)))
    .returning({ id: members.id });
  if (unlinked.length > 0) await bumpListVersion(conn, t);
}

export type GitMemberValues = MemberValues & { firstname: string; lastname: string; golfId: string; gitUpdatedAt: Date };

/**
 * Upserts members read from GIT by golf ID (unique per club account; members.register.ts): a new
 * golf ID is inserted with `source = 'git'`, a known one gets GIT's fields unless the stored record is already as new
 * as GIT's (`git_updated_at`), so a replayed or out-of-order sync page changes nothing. Fields the
 * rows leave out (notes, billing set in the portal…) are kept. Answers the ids by golf ID.
 */
export async function upsertGitMembers(tx: Tx, t: MemberTenant, rows: readonly GitMemberValues[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const columns = getTableColumns(members);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter(
    (k): k is keyof typeof columns =>
      k in columns && !['id', 'organisationId', 'clubAccountId', 'createdAt', 'createdBy', 'source', 'searchVector'].includes(k),
  );
  const set: Record<string, SQL> = Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${columns[k].name}"`)]));
  const now = new Date();
  const written = await tx
    .insert(members)
    .values(
      rows.map((r) => ({
        ...r,
        organisationId: t.organisationId,
        clubAccountId: t.clubAccountId,
        source: 'git' as const,
        gitSyncedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [members.clubAccountId, members.golfId],
      // A member made in the portal with GIT's golf ID is GIT's member from now on.
      set: { ...set, source: sql`'git'`, gitSyncedAt: now, updatedAt: now },
      setWhere: sql`${members.gitUpdatedAt} is null or ${members.gitUpdatedAt} < excluded.git_updated_at`,
    })
    .returning({ id: members.id, golfId: members.golfId });
  await bumpListVersion(tx, t);
  const ids = new Map(written.map((w) => [w.golfId as string, w.id]));
  // Rows GIT sent unchanged were not written: their ids still belong in the answer.
  const missing = rows.map((r) => r.golfId).filter((g) => !ids.has(g));
  if (missing.length > 0) {
    const found = await tx
      .select({ id: members.id, golfId: members.golfId })
      .from(members)
      .where(and(...own(t), inArray(members.golfId, missing)));
    for (const f of found) ids.set(f.golfId as string, f.id);
  }
  return ids;
}
