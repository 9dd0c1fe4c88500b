import {
  type BuySupportHoursBody,
  CONTACT_REPLY_HOURS,
  encodeMessage,
  type OpenTicketBody,
  type SupportHoursPurchase,
  type SupportTicket,
  supportHoursPrice,
} from '@fairway/shared';
import type { Db, Tx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { addressOf } from '../../lib/mailbox';
import type { AuthContext } from '../../plugins/auth';
import { dispatchEmails, type MailingDeps, queueEmail } from '../email/email.service';
import { BRAND_NAME } from '../email/email.templates';
import { logEvent } from '../eventlogs/eventlogs.service';
import { memberNameOf } from '../members/members.repository';
import { requesterContextOf } from '../organizations/organizations.repository';
import { tenantOf } from '../organizations/tenant';
import * as repo from './support.repository';

type Caller = Pick<AuthContext, 'organisationId' | 'userId' | 'clubAccountId'>;

/** Who is asking, for the e-mails (organisation, customer number, user, club account in use). */
async function callerContext(tx: Tx, caller: Caller) {
  const context = await requesterContextOf(tx, caller);
  if (!context) throw new NotFoundError();
  return context;
}

/** A member of the club account in use (the tenant of members), or null: another club account's or tenant's is not found. */
async function memberOfCaller(conn: Db | Tx, caller: Caller, memberId: string) {
  if (!caller.clubAccountId) return null;
  return memberNameOf(conn, { organisationId: caller.organisationId, clubAccountId: caller.clubAccountId }, memberId);
}

/**
 * POST support/open_ticket: stores the ticket with the user, organisation and club account, writes
 * it to the event log, and e-mails it to our support and a confirmation to the user (queued in
 * the same transaction, sent after the commit). A member must be one of the club account's own:
 * another club account's or tenant's member answers 404, as if it did not exist.
 */
export async function openTicket(deps: MailingDeps, caller: Caller, body: OpenTicketBody, lang: Lang): Promise<SupportTicket> {
  const tenant = tenantOf(caller);
  const { ticketId, emailIds } = await deps.db.transaction(async (tx) => {
    let member: { id: string; label: string } | null = null;
    if (body.memberId) {
      const ref = await memberOfCaller(tx, caller, body.memberId);
      if (!ref) throw new NotFoundError('support.memberNotFound');
      const name = `${ref.firstname} ${ref.lastname}`.trim();
      member = { id: ref.id, label: ref.memberNumber ? `${name} (${ref.memberNumber})` : name };
    }
    const context = await callerContext(tx, caller);
    const ticket = await repo.insertTicket(tx, tenant, {
      clubAccountId: caller.clubAccountId,
      userId: caller.userId,
      memberId: member?.id ?? null,
      subject: body.subject,
      message: body.message,
    });
    await logEvent(tx, {
      organisationId: caller.organisationId,
      clubAccountId: caller.clubAccountId,
      resource: 'support',
      activity: 'support.event.ticketOpened',
      params: { name: context.userName, number: ticket.number, subject: body.subject },
      type: 'INFO',
    });
    const meta = { supportTicketId: ticket.id };
    const toSupport = await queueEmail(tx, {
      to: addressOf(deps.config.MAIL_FROM),
      template: 'support_ticket',
      // Our support team reads Swedish.
      lang: 'sv',
      organisationId: caller.organisationId,
      params: {
        name: `${BRAND_NAME} support`,
        number: ticket.number,
        organisationName: context.organisationName,
        customerNumber: context.customerNumber,
        clubAccountName: context.clubAccountName ?? '–',
        userName: context.userName,
        userEmail: context.userEmail,
        member: member?.label ?? '–',
        subject: body.subject,
        message: body.message,
      },
      meta,
    });
    const toUser = await queueEmail(tx, {
      to: context.userEmail,
      template: 'support_ticket_received',
      lang,
      organisationId: caller.organisationId,
      params: {
        name: context.userName,
        number: ticket.number,
        subject: body.subject,
        message: body.message,
        replyWithinHours: CONTACT_REPLY_HOURS,
      },
      meta,
    });
    return { ticketId: ticket.id, emailIds: [toSupport, toUser] };
  });
  await dispatchEmails(deps, emailIds);
  const saved = await repo.findTicket(deps.db, tenant, ticketId);
  if (!saved) throw new NotFoundError();
  return saved;
}

export async function listTickets(db: Db, caller: Caller, query: { page: number; pageSize: number; memberId?: string }) {
  const tenant = tenantOf(caller);
  if (query.memberId && !(await memberOfCaller(db, caller, query.memberId))) {
    throw new ValidationError({ memberId: [encodeMessage('member_not_found_field')] });
  }
  const { rows, total } = await repo.listTickets(db, tenant, query);
  return { data: rows, pagination: { page: query.page, pageSize: query.pageSize, total } };
}

/**
 * POST support/buy_support_hours: records the purchase at today's hourly price; the next billing
 * run puts it on the organisation's billing (see support-billing.ts). Logged and confirmed to the
 * buyer with the amount ex and incl. VAT.
 */
export async function buySupportHours(
  deps: MailingDeps,
  caller: Caller,
  body: BuySupportHoursBody,
  lang: Lang,
): Promise<SupportHoursPurchase> {
  const tenant = tenantOf(caller);
  const price = supportHoursPrice(body.hours);
  const hours = price.hundredths / 100;
  const { row, emailId } = await deps.db.transaction(async (tx) => {
    const context = await callerContext(tx, caller);
    const inserted = await repo.insertPurchase(tx, tenant, {
      userId: caller.userId,
      hundredths: price.hundredths,
      unitPriceOre: price.unitPriceOre,
      amountOre: price.exVatOre,
    });
    await logEvent(tx, {
      organisationId: caller.organisationId,
      resource: 'billing',
      activity: 'support.event.hoursBought',
      params: { name: context.userName, hours: String(hours), amount: (price.exVatOre / 100).toFixed(2) },
      type: 'INFO',
    });
    const id = await queueEmail(tx, {
      to: context.userEmail,
      template: 'support_hours_bought',
      lang,
      organisationId: caller.organisationId,
      params: {
        name: context.userName,
        organisationName: context.organisationName,
        hours,
        unitPriceOre: price.unitPriceOre,
        exVatOre: price.exVatOre,
        vatOre: price.vatOre,
        totalOre: price.totalOre,
        billingUrl: `${deps.config.PUBLIC_URL}/dashboard/configuration/settings?tab=billing`,
      },
      meta: { supportHourPurchaseId: inserted.id },
    });
    return { row: inserted, emailId: id };
  });
  await dispatchEmails(deps, [emailId]);
  return {
    id: row.id,
    hours,
    unitPriceOre: row.unitPriceOre,
    exVatOre: price.exVatOre,
    vatOre: price.vatOre,
    totalOre: price.totalOre,
    createdAt: row.createdAt.toISOString(),
    billingNumber: null,
  };
}
