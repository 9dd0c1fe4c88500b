import {
  ageOn,
  type CreateMemberInput,
  encodeMessage,
  GIT_OWNED_MEMBER_FIELDS,
  INVOICE_SEND_WAYS,
  type InvoiceSendWay,
  type Member,
  type MemberBilling,
  type MemberBillingInput,
  type MemberBulkActionBody,
  type MemberBulkResult,
  type MemberDetail,
  type MemberInvoices,
  type MemberInvoicesFilter,
  type MemberListRow,
  type MemberNote,
  type MemberRef,
  type MembersListFilter,
  type Pagination,
  type UpdateMemberInput,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { BusinessError, NotFoundError, ValidationError } from '../../lib/errors';
import type { MessageKey } from '../../lib/i18n';
import { stockholmDate } from '../../lib/stockholm-time';
import type { AuthContext } from '../../plugins/auth';
import type { AccountingCaller } from '../accounting/access';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { feeRuleProblem } from '../fees/fees.service';
import { openInvoicesOfCustomerPage, teamInvoices } from '../invoices/invoices.repository';
import { categoryExists } from './categories.repository';
import type { MemberTenant } from './members.repository';
import * as repo from './members.repository';

/** Who acts: `request.auth`; members live in the club account in use. */
export type MemberActor = Pick<AuthContext, 'userId' | 'organisationId' | 'clubAccountId'>;

export function memberTenantOf(actor: Pick<MemberActor, 'organisationId' | 'clubAccountId'>): MemberTenant {
  if (!actor.clubAccountId) throw new BusinessError(400, 'members.noClubAccount');
  return { organisationId: actor.organisationId, clubAccountId: actor.clubAccountId };
}

export const today = () => stockholmDate(new Date());

/** An INFO entry in the event log (resource members), inside the write's transaction. */
export async function logMembers(tx: Tx, actor: MemberActor, activity: MessageKey, params: Record<string, string | number>) {
  const t = memberTenantOf(actor);
  await logEvent(tx, {
    organisationId: t.organisationId,
    clubAccountId: t.clubAccountId,
    resource: 'members',
    activity,
    params: { actor: await userDisplayName(tx, actor.userId), ...params },
    type: 'INFO',
  });
}
const ageOf = (birthDate: string | null, on: string) => (birthDate ? ageOn(birthDate, on) : null);
const hcpOf = (tenths: number | null) => (tenths === null ? null : tenths / 10);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toMemberRef(r: repo.MemberRefRecord, on: string): MemberRef {
  return { id: r.id, firstname: r.firstname, lastname: r.lastname, golfId: r.golfId, age: ageOf(r.birthDate, on) };
}

function toMember(row: repo.MemberWithCategories, on: string): Member {
  const m = row.member;
  return {
    id: m.id,
    firstname: m.firstname,
    lastname: m.lastname,
    email: m.email,
    birthDate: m.birthDate,
    age: ageOf(m.birthDate, on),
    active: m.active,
    sex: m.sex,
    memberNumber: m.memberNumber,
    homeClub: m.homeClub,
    golfId: m.golfId,
    personalNumber: m.personalNumber,
    country: m.country,
    hcp: hcpOf(m.hcpTenths),
    homeAddress: m.homeAddress,
    postalAddress: m.postalAddress,
    zipCode: m.zipCode,
    city: m.city,
    phoneMobile: m.phoneMobile,
    phoneHome: m.phoneHome,
    phoneWork: m.phoneWork,
    memberCategory: row.memberCategory,
    feeRuleId: m.feeRuleId,
    playerCategory: row.playerCategory,
    customerNumber: m.customerNumber,
    memberSince: m.memberSince,
    invoiceBalanceOre: row.invoiceBalanceOre,
    status: m.status,
    accountingNumberActive: m.accountingNumberActive,
    billingName: m.billingName,
    billingReference: m.billingReference,
    billingMethod: m.billingMethod,
    billingCycle: m.billingCycle,
    receiptsEmail: m.receiptsEmail,
    guardianId: m.guardianId,
    source: m.source,
    gitCreatedAt: iso(m.gitCreatedAt),
    gitUpdatedAt: iso(m.gitUpdatedAt),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

// ---- the list -------------------------------------------------------------------------------

/**
 * Totals of list filters, per process, keyed by the club account's list version (raised in the
 * transaction of every member or family write): counting 50,000 members on every page is what
 * makes a page slow, and the total changes only when members do. The minute's lifetime covers a
 * write in another process that committed after this one read the version.
 */
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 2_000;
const counts = new Map<string, { total: number; at: number }>();

async function totalOf(db: Db, t: MemberTenant, filter: repo.MemberListFilter, on: string): Promise<number> {
  const version = await repo.listVersion(db, t);
  const { sort: _s, order: _o, ...counted } = filter;
  const key = JSON.stringify([t.clubAccountId, version, on, counted]);
  const hit = counts.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const total = await repo.countMembers(db, t, filter, on);
  if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
  counts.set(key, { total, at: Date.now() });
  return total;
}

export async function listMembersPage(
  db: Db,
  actor: MemberActor,
  filter: MembersListFilter,
): Promise<{ data: MemberListRow[]; pagination: Pagination }> {
  const t = memberTenantOf(actor);
  const on = today();
  const { page, pageSize, ...rest } = filter;
  // A filter by another club account's category would only answer an empty list; say what is wrong instead.
  const errors: Record<string, string[]> = {};
  if (rest.memberCategoryId && !(await categoryExists(db, 'member', t, rest.memberCategoryId))) {
    errors.memberCategoryId = [encodeMessage('category_not_found_field')];
  }
  if (rest.playerCategoryId && !(await categoryExists(db, 'player', t, rest.playerCategoryId))) {
    errors.playerCategoryId = [encodeMessage('category_not_found_field')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const rows = await repo.listMembers(db, t, rest, { page, pageSize }, on);
  // A short first page is the whole list: no need to count.
  const total = page === 1 && rows.length < pageSize ? rows.length : await totalOf(db, t, rest, on);
  return {
    data: rows.map((r) => ({
      id: r.id,
      firstname: r.firstname,
      lastname: r.lastname,
      email: r.email,
      golfId: r.golfId,
      memberNumber: r.memberNumber,
      birthDate: r.birthDate,
      age: ageOf(r.birthDate, on),
      sex: r.sex,
      active: r.active,
      status: r.status,
      hcp: hcpOf(r.hcpTenths),
      phoneMobile: r.phoneMobile,
      city: r.city,
      memberCategoryId: r.memberCategoryId,
      memberCategoryName: r.memberCategoryName,
      playerCategoryId: r.playerCategoryId,
      playerCategoryName: r.playerCategoryName,
      feeRuleId: r.feeRuleId,
      memberSince: r.memberSince,
      invoiceBalanceOre: r.invoiceBalanceOre,
      inFamily: r.inFamily,
      guardianId: r.guardianId,
    })),
    pagination: { page, pageSize, total },
  };
}

// ---- one member -----------------------------------------------------------------------------

export async function getMember(db: Db, actor: MemberActor, id: string): Promise<MemberDetail> {
  const t = memberTenantOf(actor);
  const on = today();
  const row = await repo.findMember(db, t, id);
  if (!row) throw new NotFoundError('members.notFound');
  const [guardian, wards, family, notes] = await Promise.all([
    row.member.guardianId ? repo.memberRef(db, t, row.member.guardianId) : null,
    repo.wardsOf(db, t, id),
    repo.familyOfMember(db, t, id),
    repo.notesOf(db, t, id),
  ]);
  return {
    ...toMember(row, on),
    guardian: guardian ? toMemberRef(guardian, on) : null,
    wards: wards.map((w) => toMemberRef(w, on)),
    family: family
      ? {
          id: family.id,
          name: family.name,
          role: family.role,
          members: family.members.map((p) => ({ ...toMemberRef(p, on), role: p.role })),
        }
      : null,
    notes: notes.map(toNote),
  };
}

function toNote(n: Awaited<ReturnType<typeof repo.notesOf>>[number]): MemberNote {
  return { id: n.id, text: n.text, authorId: n.authorId, authorName: n.authorName, createdAt: n.createdAt.toISOString() };
}

/** The body's fields as columns (only those sent), the handicap in tenths. */
function valuesOf(body: UpdateMemberInput): repo.MemberValues {
  const { hcp, ...rest } = body;
  const values: repo.MemberValues = { ...rest };
  if (hcp !== undefined) values.hcpTenths = hcp === null ? null : Math.round(hcp * 10);
  return values;
}

/**
 * The references of a body that must be the club account's own: categories, fee rule, the guardian (not
 * the member itself) and a golf ID no other member has. Every problem at once, as field errors.
 */
async function checkReferences(tx: Tx, t: MemberTenant, body: UpdateMemberInput, selfId: string | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.memberCategoryId && !(await categoryExists(tx, 'member', t, body.memberCategoryId))) {
    errors.memberCategoryId = [encodeMessage('category_not_found_field')];
  }
  if (body.playerCategoryId && !(await categoryExists(tx, 'player', t, body.playerCategoryId))) {
    errors.playerCategoryId = [encodeMessage('category_not_found_field')];
  }
  const feeRule = await feeRuleProblem(tx, t, body.feeRuleId);
  if (feeRule) errors.feeRuleId = feeRule;
  if (body.guardianId) {
    if (body.guardianId === selfId) errors.guardianId = [encodeMessage('guardian_self')];
    else if (!(await repo.memberRef(tx, t, body.guardianId))) errors.guardianId = [encodeMessage('member_not_found_field')];
  }
  if (body.golfId) {
    const owner = await repo.golfIdOwner(tx, t, body.golfId);
    if (owner && owner !== selfId) errors.golfId = [encodeMessage('golf_id_taken', { golfId: body.golfId })];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** A golf ID taken between the check and the write (another request) is the same field error. */
function isGolfIdRace(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e.cause ?? e;
  return c.code === '23505' && (c.constraint ?? '').includes('members_club_golf_id_uq');
}

export async function createMember(db: Db, actor: MemberActor, body: CreateMemberInput): Promise<MemberDetail> {
  const t = memberTenantOf(actor);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await checkReferences(tx, t, body, null);
      const created = await repo.insertMember(tx, t, {
        ...valuesOf(body),
        firstname: body.firstname,
        lastname: body.lastname,
        country: body.country === undefined ? 'SE' : body.country,
        source: 'portal',
        createdBy: actor.userId,
      });
      await logMembers(tx, actor, 'members.created', { name: `${body.firstname} ${body.lastname}` });
      return created;
    });
  } catch (error) {
    if (isGolfIdRace(error))
      throw new ValidationError({ golfId: [encodeMessage('golf_id_taken', { golfId: body.golfId ?? '' })] });
    throw error;
  }
  return getMember(db, actor, id);
}

/**
 * A member GIT lists keeps GIT's fields as GIT has them (docs/members.md): a body may repeat them
 * (the form sends its whole section) but not change them.
 */
function refuseGitOwnedChanges(stored: repo.MemberRecord, body: UpdateMemberInput): void {
  if (stored.source !== 'git') return;
  const errors: Record<string, string[]> = {};
  for (const field of GIT_OWNED_MEMBER_FIELDS) {
    const sent = body[field];
    if (sent === undefined) continue;
    const same =
      field === 'hcp' ? (sent === null ? null : Math.round((sent as number) * 10)) === stored.hcpTenths : sent === stored[field];
    if (!same) errors[field] = [encodeMessage('git_owned_field')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export async function updateMember(db: Db, actor: MemberActor, id: string, body: UpdateMemberInput): Promise<MemberDetail> {
  const t = memberTenantOf(actor);
  try {
    await db.transaction(async (tx) => {
      const stored = await repo.lockMember(tx, t, id);
      if (!stored) throw new NotFoundError('members.notFound');
      refuseGitOwnedChanges(stored, body);
      await checkReferences(tx, t, body, id);
      await repo.updateMember(tx, t, id, valuesOf(body));
    });
  } catch (error) {
    if (isGolfIdRace(error))
      throw new ValidationError({ golfId: [encodeMessage('golf_id_taken', { golfId: body.golfId ?? '' })] });
    throw error;
  }
  return getMember(db, actor, id);
}

/** Refuses to remove a family's payer while the family has others (who would then have none). */
async function refusePayers(tx: Tx, t: MemberTenant, ids: readonly string[], names: Map<string, string>) {
  const [payer] = await repo.payersWithFamily(tx, t, ids);
  if (payer) {
    throw new BusinessError(400, 'members.payerLeaves', { name: names.get(payer.memberId) ?? '', family: payer.familyName });
  }
}

export async function deleteMember(db: Db, actor: MemberActor, id: string): Promise<void> {
  const t = memberTenantOf(actor);
  await db.transaction(async (tx) => {
    const member = await repo.lockMember(tx, t, id);
    if (!member) throw new NotFoundError('members.notFound');
    await refusePayers(tx, t, [id], new Map([[id, `${member.firstname} ${member.lastname}`]]));
    await repo.deleteMembers(tx, t, [id]);
    await logMembers(tx, actor, 'members.deleted', { name: `${member.firstname} ${member.lastname}` });
  });
}

// ---- bulk actions ---------------------------------------------------------------------------

const BULK_ACTIVITIES: Record<MemberBulkActionBody['action'], MessageKey> = {
  activate: 'members.bulkActivated',
  deactivate: 'members.bulkDeactivated',
  setCategory: 'members.bulkCategorySet',
  setFeeRule: 'members.bulkFeeRuleSet',
  delete: 'members.bulkDeleted',
};

/**
 * One action on the selected members, all or nothing: every id must be the club account's
 * (otherwise 404 and nothing changes), and the action runs in one transaction.
 */
export async function bulkAction(db: Db, actor: MemberActor, body: MemberBulkActionBody): Promise<MemberBulkResult> {
  const t = memberTenantOf(actor);
  const ids = [...new Set(body.ids)];
  if (ids.length === 0) throw new BusinessError(400, 'members.selectMembers');
  return db.transaction(async (tx) => {
    const found = await repo.lockMembers(tx, t, ids);
    if (found.length !== ids.length) throw new NotFoundError('members.notFound');
    // Active and member category are GIT's for the members GIT lists (refuseGitOwnedChanges).
    const fromGit = found.filter((m) => m.source === 'git').length;
    if (fromGit > 0 && ['activate', 'deactivate', 'setCategory'].includes(body.action)) {
      throw new BusinessError(400, 'members.gitOwnedBulk', { count: fromGit });
    }
    let affected: number;
    switch (body.action) {
      case 'activate':
      case 'deactivate':
        affected = await repo.updateMembers(tx, t, ids, { active: body.action === 'activate' });
        break;
      case 'setCategory':
        if (body.memberCategoryId && !(await categoryExists(tx, 'member', t, body.memberCategoryId))) {
          throw new NotFoundError('members.memberCategoryNotFound');
        }
        affected = await repo.updateMembers(tx, t, ids, { memberCategoryId: body.memberCategoryId });
        break;
      case 'setFeeRule': {
        const feeRule = await feeRuleProblem(tx, t, body.feeRuleId);
        if (feeRule) throw new ValidationError({ feeRuleId: feeRule });
        affected = await repo.updateMembers(tx, t, ids, { feeRuleId: body.feeRuleId });
        break;
      }
      case 'delete':
        await refusePayers(tx, t, ids, new Map(found.map((m) => [m.id, `${m.firstname} ${m.lastname}`])));
        affected = await repo.deleteMembers(tx, t, ids);
        break;
    }
    await logMembers(tx, actor, BULK_ACTIVITIES[body.action], { count: affected });
    return { action: body.action, affected };
  });
}

// ---- notes ----------------------------------------------------------------------------------

export async function addNote(db: Db, actor: MemberActor, memberId: string, text: string): Promise<MemberNote> {
  const t = memberTenantOf(actor);
  if (!(await repo.memberRef(db, t, memberId))) throw new NotFoundError('members.notFound');
  const id = await repo.insertNote(db, t, memberId, text, actor.userId);
  const note = (await repo.notesOf(db, t, memberId)).find((n) => n.id === id);
  if (!note) throw new NotFoundError('members.noteNotFound');
  return toNote(note);
}

export async function removeNote(db: Db, actor: MemberActor, memberId: string, noteId: string): Promise<void> {
  const t = memberTenantOf(actor);
  if (!(await repo.memberRef(db, t, memberId))) throw new NotFoundError('members.notFound');
  if (!(await repo.deleteNote(db, t, memberId, noteId))) throw new NotFoundError('members.noteNotFound');
}

// ---- member_billing -------------------------------------------------------------------------

export async function getBilling(db: Db, actor: MemberActor, id: string): Promise<MemberBilling> {
  const t = memberTenantOf(actor);
  const row = await repo.findMember(db, t, id);
  if (!row) throw new NotFoundError('members.notFound');
  const m = row.member;
  const guardian = m.guardianId ? await repo.memberRef(db, t, m.guardianId) : null;
  return {
    memberId: m.id,
    billingName: m.billingName,
    billingReference: m.billingReference,
    billingMethod: m.billingMethod,
    billingCycle: m.billingCycle,
    receiptsEmail: m.receiptsEmail,
    customerNumber: m.customerNumber,
    accountingNumberActive: m.accountingNumberActive,
    invoiceBalanceOre: row.invoiceBalanceOre,
    guardian: guardian ? { id: guardian.id, firstname: guardian.firstname, lastname: guardian.lastname } : null,
  };
}

/**
 * The billing tab's invoices: the open invoices of the member's customer, one page, with the
 * balance they make (invoices.repository's openInvoicesOfCustomerPage: one query for both). A member without a customer number
 * has none. The caller's "only team-created documents" rule holds here as on the invoice list.
 */
export async function memberInvoices(
  db: Db,
  caller: AccountingCaller,
  id: string,
  query: MemberInvoicesFilter,
): Promise<MemberInvoices> {
  const t = memberTenantOf(caller);
  const row = await repo.findMember(db, t, id);
  if (!row) throw new NotFoundError('members.notFound');
  const customerNumber = row.member.customerNumber;
  const pagination = { page: query.page, pageSize: query.pageSize };
  if (!customerNumber) return { data: [], pagination: { ...pagination, total: 0 }, balanceOre: 0, customerNumber: null };
  const team = teamInvoices(caller);
  const page = await openInvoicesOfCustomerPage(db, t, customerNumber, team, pagination);
  const on = today();
  return {
    data: page.rows.map((r) => ({
      ...r,
      invoiceType: r.invoiceType === 'CASH' ? 'CASH' : 'INVOICE',
      deliveryMethod: (INVOICE_SEND_WAYS as readonly string[]).includes(r.deliveryMethod ?? '')
        ? (r.deliveryMethod as InvoiceSendWay)
        : null,
      overdue: r.balanceOre > 0 && r.dueDate !== null && r.dueDate < on,
    })),
    pagination: { ...pagination, total: page.total },
    balanceOre: page.balanceOre,
    customerNumber,
  };
}

export async function updateBilling(db: Db, actor: MemberActor, id: string, body: MemberBillingInput): Promise<MemberBilling> {
  const t = memberTenantOf(actor);
  await db.transaction(async (tx) => {
    if (!(await repo.lockMember(tx, t, id))) throw new NotFoundError('members.notFound');
    await repo.updateMember(tx, t, id, body);
  });
  return getBilling(db, actor, id);
}
