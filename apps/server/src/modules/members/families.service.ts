import type {
  FamiliesListFilter,
  Family,
  FamilyInput,
  FamilyListItem,
  FamilyMemberBody,
  FamilyRole,
  Pagination,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, NotFoundError, ValidationError } from '../../lib/errors';
import { feeRuleProblem } from '../fees/fees.service';
import * as repo from './families.repository';
import { familyPeople, lockMembers, type MemberTenant } from './members.repository';
import { logMembers, type MemberActor, memberTenantOf, today, toMemberRef } from './members.service';

type Link = { memberId: string; role: FamilyRole };

async function toFamily(db: Db, t: MemberTenant, row: repo.FamilyRecord): Promise<Family> {
  const on = today();
  const people = await familyPeople(db, t, [row.id]);
  return {
    id: row.id,
    name: row.name,
    feeRuleId: row.feeRuleId,
    discountType: row.discountType,
    discountValue: row.discountValue,
    members: people.map((p) => ({ ...toMemberRef(p, on), role: p.role })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listFamiliesPage(
  db: Db,
  actor: MemberActor,
  query: FamiliesListFilter,
): Promise<{ data: FamilyListItem[]; pagination: Pagination }> {
  const t = memberTenantOf(actor);
  const on = today();
  const [rows, total] = await Promise.all([
    repo.listFamilies(db, t, query.search, query.page, query.pageSize),
    repo.countFamilies(db, t, query.search),
  ]);
  const people = await familyPeople(
    db,
    t,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => {
      const own = people.filter((p) => p.familyId === r.id);
      const payer = own.find((p) => p.role === 'payer');
      return {
        id: r.id,
        name: r.name,
        feeRuleId: r.feeRuleId,
        discountType: r.discountType,
        discountValue: r.discountValue,
        memberCount: own.length,
        payer: payer ? toMemberRef(payer, on) : null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
    pagination: { page: query.page, pageSize: query.pageSize, total },
  };
}

export async function getFamily(db: Db, actor: MemberActor, id: string): Promise<Family> {
  const t = memberTenantOf(actor);
  const row = await repo.findFamily(db, t, id);
  if (!row) throw new NotFoundError('members.familyNotFound');
  return toFamily(db, t, row);
}

/**
 * Checks a family tree before it is written: every member is the club account's (otherwise the
 * family message, docs/members-and-fees.md#families: the member is missing from the family tree) and in no other family.
 */
async function checkLinks(tx: Tx, t: MemberTenant, familyId: string | null, links: readonly Link[]) {
  const ids = links.map((l) => l.memberId);
  const found = await lockMembers(tx, t, ids);
  if (found.length !== new Set(ids).size) throw new BusinessError(400, 'members.familyMemberMissing');
  const elsewhere = (await repo.familiesOfMembers(tx, t, ids)).find((f) => f.familyId !== familyId);
  if (elsewhere) {
    const m = found.find((f) => f.id === elsewhere.memberId);
    throw new BusinessError(400, 'members.inOtherFamily', { name: `${m?.firstname} ${m?.lastname}`, family: elsewhere.name });
  }
}

const valuesOf = (body: FamilyInput): repo.FamilyValues => ({
  name: body.name,
  feeRuleId: body.feeRuleId,
  discountType: body.discountType,
  // A value without a type means nothing: both or neither.
  discountValue: body.discountType ? (body.discountValue ?? 0) : null,
});

export async function createFamily(db: Db, actor: MemberActor, body: FamilyInput): Promise<Family> {
  const t = memberTenantOf(actor);
  const id = await db.transaction(async (tx) => {
    await checkFeeRule(tx, t, body);
    await checkLinks(tx, t, null, body.members);
    const familyId = await repo.insertFamily(tx, t, valuesOf(body));
    await repo.replaceLinks(tx, t, familyId, body.members);
    await logMembers(tx, actor, 'members.familyCreated', { name: body.name, count: body.members.length });
    return familyId;
  });
  return getFamily(db, actor, id);
}

async function checkFeeRule(tx: Tx, t: MemberTenant, body: FamilyInput) {
  const feeRule = await feeRuleProblem(tx, t, body.feeRuleId);
  if (feeRule) throw new ValidationError({ feeRuleId: feeRule });
}

export async function updateFamily(db: Db, actor: MemberActor, id: string, body: FamilyInput): Promise<Family> {
  const t = memberTenantOf(actor);
  await db.transaction(async (tx) => {
    if (!(await repo.lockFamily(tx, t, id))) throw new NotFoundError('members.familyNotFound');
    await checkFeeRule(tx, t, body);
    await checkLinks(tx, t, id, body.members);
    await repo.updateFamily(tx, t, id, valuesOf(body));
    await repo.replaceLinks(tx, t, id, body.members);
  });
  return getFamily(db, actor, id);
}

export async function deleteFamily(db: Db, actor: MemberActor, id: string): Promise<void> {
  const t = memberTenantOf(actor);
  await db.transaction(async (tx) => {
    const family = await repo.lockFamily(tx, t, id);
    if (!family) throw new NotFoundError('members.familyNotFound');
    await repo.deleteFamily(tx, t, id);
    await logMembers(tx, actor, 'members.familyDeleted', { name: family.name });
  });
}

/**
 * Adds a member to the family tree with a role, or changes the role of one already in it. A
 * family keeps exactly one payer: a second payer is refused (edit the family to swap payers).
 */
export async function addFamilyMember(db: Db, actor: MemberActor, id: string, body: FamilyMemberBody): Promise<Family> {
  const t = memberTenantOf(actor);
  if (!body.memberId || !body.role) throw new BusinessError(400, 'members.familyMemberMissing');
  const link: Link = { memberId: body.memberId, role: body.role };
  await db.transaction(async (tx) => {
    const family = await repo.lockFamily(tx, t, id);
    if (!family) throw new NotFoundError('members.familyNotFound');
    await checkLinks(tx, t, id, [link]);
    const current = await repo.linksOf(tx, t, id);
    const links = current.filter((l) => l.memberId !== link.memberId);
    if (link.role === 'payer' && links.some((l) => l.role === 'payer')) throw new BusinessError(400, 'members.familyHasPayer');
    // The payer becoming partner, child or other would leave the rest without one.
    const wasPayer = current.some((l) => l.memberId === link.memberId && l.role === 'payer');
    if (wasPayer && link.role !== 'payer' && links.length > 0) {
      const [who] = await lockMembers(tx, t, [link.memberId]);
      throw new BusinessError(400, 'members.payerLeaves', { name: `${who?.firstname} ${who?.lastname}`, family: family.name });
    }
    await repo.replaceLinks(tx, t, id, [...links, link]);
    await repo.updateFamily(tx, t, id, {});
  });
  return getFamily(db, actor, id);
}

/** Takes a member out of the family tree; the payer only as the last one. */
export async function removeFamilyMember(db: Db, actor: MemberActor, id: string, memberId: string): Promise<Family> {
  const t = memberTenantOf(actor);
  await db.transaction(async (tx) => {
    const family = await repo.lockFamily(tx, t, id);
    if (!family) throw new NotFoundError('members.familyNotFound');
    const links = await repo.linksOf(tx, t, id);
    const link = links.find((l) => l.memberId === memberId);
    if (!link) throw new BusinessError(400, 'members.familyMemberMissing');
    const rest = links.filter((l) => l.memberId !== memberId);
    if (link.role === 'payer' && rest.length > 0) {
      const [who] = await lockMembers(tx, t, [memberId]);
      throw new BusinessError(400, 'members.payerLeaves', { name: `${who?.firstname} ${who?.lastname}`, family: family.name });
    }
    await repo.replaceLinks(tx, t, id, rest);
    await repo.updateFamily(tx, t, id, {});
  });
  return getFamily(db, actor, id);
}
