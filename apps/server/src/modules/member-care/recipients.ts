import {
  type ExcludedRecipient,
  RECIPIENT_EXCLUDED_LISTED,
  RECIPIENT_EXCLUSIONS,
  type RecipientExclusion,
  type RecipientSelection,
  type RecipientsPreview,
  type SendoutChannel,
  toSmsNumber,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { stockholmDate } from '../../lib/stockholm-time';
import { categoryExists } from '../members/categories.repository';
import {
  type MessageContactRecord,
  type MessageRecipientRecord,
  type MessageSelectionFilter,
  membersForMessages,
  ownMemberIds,
} from '../members/members.repository';
import { customerNumbersOfSegment, findSegment } from '../segments/segments.repository';
import { type AccountTenant, unsubscribedMembers } from './member-care.repository';

/**
 * Who a selection reaches (docs/member-care.md#recipients): one function for the preview and
 * for the send-out that materialises its recipients, so what the office saw is what is sent.
 */

export interface ResolvedRecipient {
  member: MessageRecipientRecord;
  /** The e-mail address (lower case kept as written) or E.164 number the message goes to. */
  address: string;
  /** Reached through the guardian or the family's payer (a junior without an own address). */
  viaPayer: boolean;
}

export interface ResolvedSelection {
  recipients: ResolvedRecipient[];
  excluded: { member: MessageRecipientRecord; reason: RecipientExclusion }[];
}

/** A junior: in a junior member category, or under 18 today. */
function isJunior(member: MessageRecipientRecord, today: string): boolean {
  if (member.juniorCategory) return true;
  if (!member.birthDate) return false;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const eighteenth = `${String(y - 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return member.birthDate > eighteenth;
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** The contact's address on the channel, or null. */
export function addressOf(contact: Pick<MessageContactRecord, 'email' | 'phoneMobile'>, channel: SendoutChannel): string | null {
  if (channel === 'email') {
    const email = contact.email?.trim();
    return email && EMAIL.test(email) ? email : null;
  }
  return contact.phoneMobile ? toSmsNumber(contact.phoneMobile) : null;
}

/** Every id a selection names must be the club account's own: another's answers 404, as everywhere. */
async function checkIds(db: Db | Tx, tenant: AccountTenant, selection: RecipientSelection): Promise<void> {
  for (const [kind, ids] of [
    ['member', selection.memberCategoryIds],
    ['player', selection.playerCategoryIds],
  ] as const) {
    for (const id of new Set(ids ?? [])) {
      if (!(await categoryExists(db, kind, tenant, id))) throw new NotFoundError('memberCare.categoryNotFound');
    }
  }
  if (selection.memberIds?.length) {
    const own = await ownMemberIds(db, tenant, selection.memberIds);
    if (selection.memberIds.some((id) => !own.has(id))) throw new NotFoundError('memberCare.memberNotFound');
  }
}

async function filterOf(db: Db | Tx, tenant: AccountTenant, selection: RecipientSelection): Promise<MessageSelectionFilter> {
  await checkIds(db, tenant, selection);
  const filter: MessageSelectionFilter = {
    memberCategoryIds: selection.memberCategoryIds,
    playerCategoryIds: selection.playerCategoryIds,
    familyRole: selection.familyRole,
    ageFrom: selection.ageFrom,
    ageTo: selection.ageTo,
    openBalance: selection.openBalance,
    memberIds: selection.memberIds,
  };
  if (selection.status) filter.active = selection.status === 'active';
  if (selection.segmentId) {
    // Another club account's segment is no segment of this one.
    const segment = await findSegment(db, tenant, 'customer', selection.segmentId);
    if (!segment) throw new NotFoundError('memberCare.segmentNotFound');
    filter.customerNumberIn = customerNumbersOfSegment(tenant, segment.id);
  }
  return filter;
}

/** Refuses a selection naming another club account's categories, members or segment (404), as a send-out is saved. */
export async function checkSelection(db: Db | Tx, tenant: AccountTenant, selection: RecipientSelection): Promise<void> {
  await filterOf(db, tenant, selection);
}

/**
 * The members a selection takes on a channel: those a message reaches, with the address, and
 * those left out with the reason (inactive unless the selection asks for inactive members,
 * unsubscribed from the channel, no address or mobile number of their own nor, when the club
 * chose so, through a junior's guardian or family payer).
 */
export async function resolveSelection(
  db: Db | Tx,
  tenant: AccountTenant,
  channel: SendoutChannel,
  selection: RecipientSelection,
  now = new Date(),
): Promise<ResolvedSelection> {
  const today = stockholmDate(now);
  const filter = await filterOf(db, tenant, selection);
  const members = await membersForMessages(db, tenant, filter, today);
  const unsubscribed = await unsubscribedMembers(db, tenant.organisationId, channel);
  const resolved: ResolvedSelection = { recipients: [], excluded: [] };
  for (const member of members) {
    if (!member.active && selection.status !== 'inactive') {
      resolved.excluded.push({ member, reason: 'inactive' });
      continue;
    }
    if (unsubscribed.has(member.id)) {
      resolved.excluded.push({ member, reason: 'unsubscribed' });
      continue;
    }
    const own = addressOf(member, channel);
    if (own) {
      resolved.recipients.push({ member, address: own, viaPayer: false });
      continue;
    }
    if (selection.juniorsReachPayer && isJunior(member, today)) {
      const through = [member.guardian, member.payer].find((c) => c && addressOf(c, channel));
      if (through) {
        resolved.recipients.push({ member, address: addressOf(through, channel) as string, viaPayer: true });
        continue;
      }
    }
    resolved.excluded.push({ member, reason: channel === 'email' ? 'no_email' : 'no_mobile' });
  }
  return resolved;
}

/** POST member_care/recipients/preview: the count and the members left out, with their reasons. */
export async function previewRecipients(
  db: Db,
  tenant: AccountTenant,
  channel: SendoutChannel,
  selection: RecipientSelection,
): Promise<RecipientsPreview> {
  const { recipients, excluded } = await resolveSelection(db, tenant, channel, selection);
  const excludedByReason = Object.fromEntries(RECIPIENT_EXCLUSIONS.map((r) => [r, 0])) as Record<RecipientExclusion, number>;
  for (const e of excluded) excludedByReason[e.reason] += 1;
  return {
    channel,
    count: recipients.length,
    viaPayer: recipients.filter((r) => r.viaPayer).length,
    excludedCount: excluded.length,
    excludedByReason,
    excluded: excluded.slice(0, RECIPIENT_EXCLUDED_LISTED).map(
      (e): ExcludedRecipient => ({
        memberId: e.member.id,
        name: `${e.member.firstname} ${e.member.lastname}`.trim(),
        reason: e.reason,
      }),
    ),
  };
}
