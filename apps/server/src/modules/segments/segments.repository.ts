import type { SegmentKind, SegmentsListQuery } from '@fairway/shared';
import { and, asc, count, desc, eq, exists, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { AccountTenant } from '../configurations/configurations.repository';
import { clubAccounts } from '../organizations/organizations.tables';
import { segmentMembers, segments } from './segments.tables';

export type { AccountTenant };

type Conn = Db | Tx;

export type SegmentRow = typeof segments.$inferSelect;
export type SegmentListRow = SegmentRow & { memberCount: number };
/** What a create or update writes; tenant, kind and creation stamps are set here. */
export type SegmentValues = Omit<
  typeof segments.$inferInsert,
  'id' | 'organisationId' | 'clubAccountId' | 'kind' | 'createdAt' | 'createdBy' | 'updatedAt'
>;

const ofAccount = (tenant: AccountTenant, kind: SegmentKind) =>
  and(
    eq(segments.organisationId, tenant.organisationId),
    eq(segments.clubAccountId, tenant.clubAccountId),
    eq(segments.kind, kind),
  ) as SQL;

const membersOfAccount = (tenant: AccountTenant, kind: SegmentKind) =>
  and(
    eq(segmentMembers.organisationId, tenant.organisationId),
    eq(segmentMembers.clubAccountId, tenant.clubAccountId),
    eq(segmentMembers.kind, kind),
  ) as SQL;

const memberCount = sql<number>`(select count(*) from ${segmentMembers} where ${segmentMembers.segmentId} = ${segments.id})::int`;

/**
 * Serialises segment writes of one club account, so the checks "name free" and "customer not in
 * another segment" cannot both pass for two requests racing. Segment edits are rare and quick.
 */
export async function lockClubAccount(tx: Tx, tenant: AccountTenant): Promise<void> {
  await tx.execute(
    sql`select id from ${clubAccounts} where id = ${tenant.clubAccountId} and organisation_id = ${tenant.organisationId} for update`,
  );
}

export async function listSegments(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  query: SegmentsListQuery,
): Promise<{ rows: SegmentListRow[]; total: number }> {
  const filters: SQL[] = [ofAccount(tenant, kind)];
  if (query.search) {
    const pattern = likePattern(query.search);
    // A member number matches exactly (case-insensitively): "which segment is customer 1001 in?"
    const hasMember = exists(
      conn
        .select({ one: sql`1` })
        .from(segmentMembers)
        .where(and(eq(segmentMembers.segmentId, segments.id), sql`lower(${segmentMembers.number}) = lower(${query.search})`)),
    );
    filters.push(or(ilike(segments.name, pattern), ilike(segments.description, pattern), hasMember) as SQL);
  }
  const where = and(...filters);
  const direction = query.order === 'desc' ? desc : asc;
  const byName = [direction(sql`lower(${segments.name})`), direction(segments.id)];
  const orderBy: SQL[] =
    query.sort === 'members'
      ? [direction(memberCount), ...byName]
      : query.sort === 'updatedAt'
        ? [direction(segments.updatedAt), ...byName]
        : query.sort === 'createdAt'
          ? [direction(segments.createdAt), ...byName]
          : byName;

  const [totalRow] = await conn.select({ total: count() }).from(segments).where(where);
  const rows = await conn
    .select({ segment: segments, memberCount })
    .from(segments)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows: rows.map((r) => ({ ...r.segment, memberCount: r.memberCount })), total: totalRow?.total ?? 0 };
}

export async function findSegment(conn: Conn, tenant: AccountTenant, kind: SegmentKind, id: string): Promise<SegmentRow | null> {
  const [row] = await conn
    .select()
    .from(segments)
    .where(and(ofAccount(tenant, kind), eq(segments.id, id)))
    .limit(1);
  return row ?? null;
}

/** The numbers in a segment, numeric ones in numeric order ("2" before "10"), then by text. */
export async function memberNumbersOf(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  segmentId: string,
): Promise<string[]> {
  const rows = await conn
    .select({ number: segmentMembers.number })
    .from(segmentMembers)
    .where(and(membersOfAccount(tenant, kind), eq(segmentMembers.segmentId, segmentId)))
    .orderBy(asc(sql`length(${segmentMembers.number})`), asc(segmentMembers.number));
  return rows.map((r) => r.number);
}

/**
 * The customer numbers of a customer segment as a subquery (a member-care selection takes the
 * members whose customer is in it; modules/member-care/recipients.ts).
 */
export const customerNumbersOfSegment = (tenant: AccountTenant, segmentId: string): SQL =>
  sql`select ${segmentMembers.number} from ${segmentMembers} where ${and(membersOfAccount(tenant, 'customer'), eq(segmentMembers.segmentId, segmentId))}`;

/** Whether another segment of the kind already has the name (case-insensitively). */
export async function segmentNameTaken(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await conn
    .select({ id: segments.id })
    .from(segments)
    .where(
      and(
        ofAccount(tenant, kind),
        sql`lower(${segments.name}) = lower(${name})`,
        exceptId ? ne(segments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Of `numbers`, those already in another segment of the kind, with that segment's name. */
export async function membersInOtherSegments(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  numbers: readonly string[],
  exceptSegmentId?: string,
): Promise<{ number: string; segmentName: string }[]> {
  if (numbers.length === 0) return [];
  return conn
    .select({ number: segmentMembers.number, segmentName: segments.name })
    .from(segmentMembers)
    .innerJoin(segments, eq(segments.id, segmentMembers.segmentId))
    .where(
      and(
        membersOfAccount(tenant, kind),
        inArray(segmentMembers.number, [...numbers]),
        exceptSegmentId ? ne(segmentMembers.segmentId, exceptSegmentId) : undefined,
      ),
    )
    .orderBy(asc(sql`length(${segmentMembers.number})`), asc(segmentMembers.number));
}

export async function insertSegment(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  values: SegmentValues,
  userId: string,
): Promise<SegmentRow> {
  const [row] = await conn
    .insert(segments)
    .values({
      ...values,
      organisationId: tenant.organisationId,
      clubAccountId: tenant.clubAccountId,
      kind,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning();
  if (!row) throw new Error('segment insert returned no row');
  return row;
}

export async function updateSegment(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  id: string,
  values: SegmentValues,
  userId: string,
): Promise<SegmentRow | null> {
  const [row] = await conn
    .update(segments)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(and(ofAccount(tenant, kind), eq(segments.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the segment (its members go with it); null when the tenant has no such segment. */
export async function deleteSegment(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  id: string,
): Promise<SegmentRow | null> {
  const [row] = await conn
    .delete(segments)
    .where(and(ofAccount(tenant, kind), eq(segments.id, id)))
    .returning();
  return row ?? null;
}

/** Makes `numbers` the segment's members: removes the others, adds the new ones. */
export async function replaceMembers(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  segmentId: string,
  numbers: readonly string[],
): Promise<void> {
  const keep = [...numbers];
  await conn
    .delete(segmentMembers)
    .where(
      and(
        membersOfAccount(tenant, kind),
        eq(segmentMembers.segmentId, segmentId),
        keep.length > 0 ? notInArray(segmentMembers.number, keep) : undefined,
      ),
    );
  if (keep.length === 0) return;
  // Insert in slices: PostgreSQL takes at most 65 535 parameters per statement.
  for (let start = 0; start < keep.length; start += 2000) {
    await conn
      .insert(segmentMembers)
      .values(
        keep.slice(start, start + 2000).map((number) => ({
          segmentId,
          organisationId: tenant.organisationId,
          clubAccountId: tenant.clubAccountId,
          kind,
          number,
        })),
      )
      .onConflictDoNothing({ target: [segmentMembers.segmentId, segmentMembers.number] });
  }
}

/** The terms a customer segment gives its customers, for invoicing and the customer screens. */
export interface CustomerSegmentTerms {
  id: string;
  name: string;
  recurringBilling: boolean;
  pricesIncludeVat: boolean;
  interestBilling: boolean;
  /** Percent, e.g. 12.5; null: not set by the segment. */
  discountPercent: number | null;
  adminFeeOre: number | null;
  freightOre: number | null;
}

/** The defaults an article segment gives its articles. */
export interface ArticleSegmentDefaults {
  id: string;
  name: string;
  vatRate: number | null;
  salesAccount: string;
  costCentre: string;
  project: string;
}

async function segmentsOfNumbers(
  conn: Conn,
  tenant: AccountTenant,
  kind: SegmentKind,
  numbers: readonly string[],
): Promise<{ number: string; segment: SegmentRow }[]> {
  const wanted = [...new Set(numbers)];
  if (wanted.length === 0) return [];
  const found: { number: string; segment: SegmentRow }[] = [];
  for (let start = 0; start < wanted.length; start += 5000) {
    found.push(
      ...(await conn
        .select({ number: segmentMembers.number, segment: segments })
        .from(segmentMembers)
        .innerJoin(segments, eq(segments.id, segmentMembers.segmentId))
        .where(and(membersOfAccount(tenant, kind), inArray(segmentMembers.number, wanted.slice(start, start + 5000))))),
    );
  }
  return found;
}

export function toCustomerTerms(row: SegmentRow): CustomerSegmentTerms {
  return {
    id: row.id,
    name: row.name,
    recurringBilling: row.recurringBilling ?? false,
    pricesIncludeVat: row.pricesIncludeVat ?? false,
    interestBilling: row.interestBilling ?? false,
    discountPercent: row.discountHundredths === null ? null : row.discountHundredths / 100,
    adminFeeOre: row.adminFeeOre,
    freightOre: row.freightOre,
  };
}

export function toArticleDefaults(row: SegmentRow): ArticleSegmentDefaults {
  return {
    id: row.id,
    name: row.name,
    vatRate: row.vatRate,
    salesAccount: row.salesAccount ?? '',
    costCentre: row.costCentre ?? '',
    project: row.project ?? '',
  };
}

/**
 * The customer segment of each of `numbers` (customer numbers of the club account's accounting
 * program), for the customer list, customer edit and invoicing. Customers in no segment are not
 * in the map; a customer is in at most one segment.
 */
export async function segmentsOfCustomers(
  conn: Conn,
  tenant: AccountTenant,
  numbers: readonly string[],
): Promise<Map<string, CustomerSegmentTerms>> {
  const found = await segmentsOfNumbers(conn, tenant, 'customer', numbers);
  return new Map(found.map((f) => [f.number, toCustomerTerms(f.segment)]));
}

/** The article segment of each of `numbers` (article numbers), like `segmentsOfCustomers`. */
export async function segmentsOfArticles(
  conn: Conn,
  tenant: AccountTenant,
  numbers: readonly string[],
): Promise<Map<string, ArticleSegmentDefaults>> {
  const found = await segmentsOfNumbers(conn, tenant, 'article', numbers);
  return new Map(found.map((f) => [f.number, toArticleDefaults(f.segment)]));
}
