import type { DiscountType, FamilyRole } from '@fairway/shared';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { feeRuleDiscountOf } from '../fees/fees.repository';
import { bumpListVersion, type MemberTenant } from './members.repository';
import { families, familyMembers, members } from './members.tables';

export type FamilyRecord = typeof families.$inferSelect;
export interface FamilyValues {
  name: string;
  feeRuleId: string | null;
  discountType: DiscountType | null;
  discountValue: number | null;
}

const own = (t: MemberTenant) => [eq(families.organisationId, t.organisationId), eq(families.clubAccountId, t.clubAccountId)];

function filterOf(t: MemberTenant, search: string | undefined): SQL | undefined {
  const conditions = own(t);
  if (search) conditions.push(ilike(families.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...conditions);
}

export async function listFamilies(conn: Db | Tx, t: MemberTenant, search: string | undefined, page: number, pageSize: number) {
  return conn
    .select()
    .from(families)
    .where(filterOf(t, search))
    .orderBy(asc(families.name), asc(families.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countFamilies(conn: Db | Tx, t: MemberTenant, search: string | undefined): Promise<number> {
  const [row] = await conn.select({ n: count() }).from(families).where(filterOf(t, search));
  return row?.n ?? 0;
}

export async function findFamily(conn: Db | Tx, t: MemberTenant, id: string): Promise<FamilyRecord | null> {
  const [row] = await conn
    .select()
    .from(families)
    .where(and(eq(families.id, id), ...own(t)));
  return row ?? null;
}

export async function lockFamily(tx: Tx, t: MemberTenant, id: string): Promise<FamilyRecord | null> {
  const [row] = await tx
    .select()
    .from(families)
    .where(and(eq(families.id, id), ...own(t)))
    .for('update');
  return row ?? null;
}

export async function insertFamily(tx: Tx, t: MemberTenant, v: FamilyValues): Promise<string> {
  const [row] = await tx
    .insert(families)
    .values({ ...v, organisationId: t.organisationId, clubAccountId: t.clubAccountId })
    .returning({ id: families.id });
  if (!row) throw new Error('families insert returned no row');
  return row.id;
}

export async function updateFamily(tx: Tx, t: MemberTenant, id: string, v: Partial<FamilyValues>) {
  await tx
    .update(families)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(families.id, id), ...own(t)));
}

export async function deleteFamily(tx: Tx, t: MemberTenant, id: string): Promise<boolean> {
  const rows = await tx
    .delete(families)
    .where(and(eq(families.id, id), ...own(t)))
    .returning({ id: families.id });
  if (rows.length > 0) await bumpListVersion(tx, t);
  return rows.length > 0;
}

/** The family each of `memberIds` is in now (a member is in at most one). */
export async function familiesOfMembers(conn: Db | Tx, t: MemberTenant, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return conn
    .select({ memberId: familyMembers.memberId, familyId: familyMembers.familyId, role: familyMembers.role, name: families.name })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(and(inArray(familyMembers.memberId, [...memberIds]), eq(familyMembers.clubAccountId, t.clubAccountId)));
}

export async function linksOf(conn: Db | Tx, t: MemberTenant, familyId: string) {
  return conn
    .select({ memberId: familyMembers.memberId, role: familyMembers.role })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.clubAccountId, t.clubAccountId)));
}

/** Replaces the family tree with `links`. */
export async function replaceLinks(
  tx: Tx,
  t: MemberTenant,
  familyId: string,
  links: readonly { memberId: string; role: FamilyRole }[],
): Promise<void> {
  await tx
    .delete(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.clubAccountId, t.clubAccountId)));
  if (links.length > 0) {
    await tx.insert(familyMembers).values(
      links.map((l) => ({
        familyId,
        memberId: l.memberId,
        role: l.role,
        organisationId: t.organisationId,
        clubAccountId: t.clubAccountId,
      })),
    );
  }
  await bumpListVersion(tx, t);
}

/**
 * The family of the member with this golf ID, with its own discount and its fee rule's (the GIT
 * sync's family discount, modules/git/sync/git-sync-documents.ts), or null.
 */
export async function familyDiscountsOfGolfId(conn: Db | Tx, t: MemberTenant, golfId: string) {
  const rule = feeRuleDiscountOf(families.feeRuleId, families.clubAccountId);
  const [row] = await conn
    .select({
      name: families.name,
      discountType: families.discountType,
      discountValue: families.discountValue,
      ruleType: rule.type,
      ruleValue: rule.value,
    })
    .from(members)
    .innerJoin(familyMembers, eq(familyMembers.memberId, members.id))
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(
      and(eq(members.organisationId, t.organisationId), eq(members.clubAccountId, t.clubAccountId), eq(members.golfId, golfId)),
    )
    .limit(1);
  return row ?? null;
}
