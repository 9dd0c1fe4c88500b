import {
  encodeMessage,
  type Pagination,
  type RecipientStatus,
  SENDOUT_MAX_DAYS_BACK,
  type Sendout,
  type SendoutBody,
  type SendoutDetail,
  type SendoutRecipient,
  type SendoutStatus,
  type SendoutsListQuery,
  smsRecipientSchema,
  smsSegmentsOf,
} from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { renderFailure } from '../../lib/failure';
import type { Lang, MessageKey } from '../../lib/i18n';
import { fromStockholmTime } from '../../lib/stockholm-time';
import { insertDelivered } from '../email/email.repository';
import { logEvent, userDisplayName } from '../eventlogs/eventlogs.service';
import { assertSmsQuota, releaseSmsQuota, reserveSmsQuota } from '../subscriptions/subscriptions.service';
import type { RecipientFields } from './email-render';
import type { MemberCareActor } from './email-templates.service';
import { memberCareTenantOf } from './email-templates.service';
import { type AccountTenant, findEmailTemplate } from './member-care.repository';
import type { SendoutRowStatus } from './member-care.tables';
import { checkSelection, resolveSelection } from './recipients';
import { composeMemberMail, mailOptions, memberMailOf, senderOf } from './sendouts.mail';
import * as repo from './sendouts.repository';

/** The queue of the job that starts scheduled send-outs whose time has come (sendouts.runs.ts works it). */
export const SENDOUTS_DUE_QUEUE = 'member-care.sendouts-due';

const PUBLIC_STATUS: Record<SendoutRowStatus, SendoutStatus> = {
  draft: 'draft',
  scheduled: 'scheduled',
  queued: 'sending',
  running: 'sending',
  succeeded: 'sent',
  failed: 'failed',
  cancelled: 'cancelled',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSendout(row: repo.SendoutRow, counts: Sendout['counts']): Sendout {
  return {
    id: row.id,
    title: row.title,
    channel: row.channel,
    status: PUBLIC_STATUS[row.status],
    templateId: row.templateId,
    subject: row.subject,
    sender: row.sender,
    message: row.message,
    segments: row.segments,
    selection: row.selection,
    sendAt: iso(row.sendAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    error: row.error,
    counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withCounts(db: Db | Tx, row: repo.SendoutRow): Promise<Sendout> {
  const counts = await repo.countsOf(db, [row.id]);
  return toSendout(row, counts.get(row.id) as Sendout['counts']);
}

async function log(tx: Tx, tenant: AccountTenant, actor: MemberCareActor, activity: MessageKey, title: string) {
  await logEvent(tx, {
    organisationId: tenant.organisationId,
    clubAccountId: tenant.clubAccountId,
    resource: 'email',
    activity,
    params: { actor: await userDisplayName(tx, actor.userId), title },
    type: 'INFO',
  });
}

/** The stored columns of a body; the template and the selection's ids must be the club account's. */
async function valuesOf(db: Db, tenant: AccountTenant, body: SendoutBody): Promise<repo.SendoutValues> {
  await checkSelection(db, tenant, body.selection);
  if (body.channel === 'email') {
    if (!(await findEmailTemplate(db, tenant, body.templateId))) throw new NotFoundError('memberCare.templateNotFound');
    return {
      title: body.title,
      channel: 'email',
      templateId: body.templateId,
      subject: body.subject,
      sender: '',
      message: '',
      segments: 0,
      selection: body.selection,
    };
  }
  return {
    title: body.title,
    channel: 'sms',
    templateId: null,
    subject: '',
    sender: body.sender,
    message: body.message,
    segments: smsSegmentsOf(body.message),
    selection: body.selection,
  };
}

async function mustFind(db: Db | Tx, tenant: AccountTenant, id: string) {
  const row = await repo.findSendout(db, tenant, id);
  if (!row) throw new NotFoundError('memberCare.sendoutNotFound');
  return row;
}

/** GET member_care/sendouts. */
export async function listSendouts(
  db: Db,
  actor: MemberCareActor,
  query: SendoutsListQuery,
): Promise<{ data: Sendout[]; pagination: Pagination }> {
  const { rows, total } = await repo.listSendoutRows(db, memberCareTenantOf(actor), query);
  const counts = await repo.countsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toSendout(r, counts.get(r.id) as Sendout['counts'])),
    pagination: { page: query.page, pageSize: query.pageSize, total },
  };
}

/** GET member_care/sendouts/{id}: with counts and a page of recipients. */
/**
 * GET member_care/sendouts/{id}: the send-out with its counts and a page of its recipients (only
 * those with `status` when given). The stored reasons (the send-out's and each recipient's) are
 * rendered in `lang`.
 */
export async function getSendout(
  db: Db,
  actor: MemberCareActor,
  id: string,
  query: { page: number; pageSize: number; status?: RecipientStatus },
  lang: Lang = 'sv',
): Promise<SendoutDetail> {
  const row = await mustFind(db, memberCareTenantOf(actor), id);
  const sendout = await withCounts(db, row);
  const { rows, total } = await repo.recipientsPage(db, row.id, query);
  return {
    ...sendout,
    error: renderFailure(sendout.error, lang),
    recipients: rows.map(
      (r): SendoutRecipient => ({
        memberId: r.memberId,
        name: r.name,
        address: r.address,
        viaPayer: r.viaPayer,
        status: r.status,
        reason: renderFailure(r.reason, lang),
        sentAt: iso(r.sentAt),
        deliveredAt: iso(r.deliveredAt),
      }),
    ),
    recipientsPagination: { page: query.page, pageSize: query.pageSize, total },
  };
}

/** POST member_care/sendouts: a draft. */
export async function createSendout(db: Db, actor: MemberCareActor, body: SendoutBody): Promise<Sendout> {
  const tenant = memberCareTenantOf(actor);
  const values = await valuesOf(db, tenant, body);
  return db.transaction(async (tx) => {
    const row = await repo.insertSendout(tx, tenant, values, actor.userId);
    await log(tx, tenant, actor, 'memberCare.event.sendoutCreated', row.title);
    return withCounts(tx, row);
  });
}

const EDITABLE: SendoutRowStatus[] = ['draft', 'scheduled'];

/** PUT member_care/sendouts/{id}: while a draft or scheduled. */
export async function updateSendout(db: Db, actor: MemberCareActor, id: string, body: SendoutBody): Promise<Sendout> {
  const tenant = memberCareTenantOf(actor);
  await mustFind(db, tenant, id);
  const values = await valuesOf(db, tenant, body);
  return db.transaction(async (tx) => {
    const row = await repo.lockSendout(tx, tenant, id);
    if (!row) throw new NotFoundError('memberCare.sendoutNotFound');
    if (!EDITABLE.includes(row.status)) throw new ConflictError('memberCare.sendoutNotEditable');
    const updated = await repo.updateSendoutRow(tx, id, values, actor.userId);
    await log(tx, tenant, actor, 'memberCare.event.sendoutUpdated', updated.title);
    return withCounts(tx, updated);
  });
}

/** DELETE member_care/sendouts/{id}: not while it is being sent. */
export async function deleteSendout(db: Db, actor: MemberCareActor, id: string): Promise<void> {
  const tenant = memberCareTenantOf(actor);
  await db.transaction(async (tx) => {
    const row = await repo.lockSendout(tx, tenant, id);
    if (!row) throw new NotFoundError('memberCare.sendoutNotFound');
    if (row.status === 'queued' || row.status === 'running') throw new ConflictError('memberCare.sendoutSending');
    await repo.deleteSendoutRow(tx, id);
    await log(tx, tenant, actor, 'memberCare.event.sendoutDeleted', row.title);
  });
}

/** An SMS send-out that would pass this month's plan is refused before anything is sent, saying how many are left. */
async function assertSmsFits(db: Db, tenant: AccountTenant, row: repo.SendoutRow) {
  if (row.channel !== 'sms') return;
  const { recipients } = await resolveSelection(db, tenant, 'sms', row.selection);
  await assertSmsQuota(db, tenant.organisationId, recipients.length * row.segments);
}

export interface SendoutStarter {
  /** Queues the run of a send-out that was just set to `queued` (after the commit). */
  enqueueRun(sendoutId: string): Promise<void>;
  /** Queues the job that starts scheduled send-outs, at `at`. */
  enqueueDue(at: Date): Promise<void>;
}

/** POST member_care/sendouts/{id}/send: starts now. */
export async function sendSendoutNow(db: Db, actor: MemberCareActor, id: string, starter: SendoutStarter): Promise<Sendout> {
  const tenant = memberCareTenantOf(actor);
  const found = await mustFind(db, tenant, id);
  if (!EDITABLE.includes(found.status)) throw new ConflictError('memberCare.sendoutNotEditable');
  await assertSmsFits(db, tenant, found);
  const sendout = await db.transaction(async (tx) => {
    const row = await repo.lockSendout(tx, tenant, id);
    if (!row || !EDITABLE.includes(row.status)) throw new ConflictError('memberCare.sendoutNotEditable');
    const updated = await repo.updateSendoutRow(tx, id, { status: 'queued', sendAt: new Date() }, actor.userId);
    await log(tx, tenant, actor, 'memberCare.event.sendoutStarted', updated.title);
    return withCounts(tx, updated);
  });
  await starter.enqueueRun(id);
  return sendout;
}

/** POST member_care/sendouts/{id}/schedule: a Europe/Stockholm time at most 7 days back (then it starts at once). */
export async function scheduleSendout(
  db: Db,
  actor: MemberCareActor,
  id: string,
  sendAtText: string,
  starter: SendoutStarter,
  now = new Date(),
): Promise<Sendout> {
  const tenant = memberCareTenantOf(actor);
  const sendAt = fromStockholmTime(sendAtText.length === 16 ? `${sendAtText}:00` : sendAtText);
  if (!sendAt) throw new ValidationError({ sendAt: [encodeMessage('sendout_send_at')] });
  if (sendAt.getTime() < now.getTime() - SENDOUT_MAX_DAYS_BACK * 86_400_000) {
    throw new ValidationError({ sendAt: [encodeMessage('sendout_max_days_back')] });
  }
  const found = await mustFind(db, tenant, id);
  if (!EDITABLE.includes(found.status)) throw new ConflictError('memberCare.sendoutNotEditable');
  const due = sendAt.getTime() <= now.getTime();
  if (due) await assertSmsFits(db, tenant, found);
  const sendout = await db.transaction(async (tx) => {
    const row = await repo.lockSendout(tx, tenant, id);
    if (!row || !EDITABLE.includes(row.status)) throw new ConflictError('memberCare.sendoutNotEditable');
    const updated = await repo.updateSendoutRow(tx, id, { status: due ? 'queued' : 'scheduled', sendAt }, actor.userId);
    await log(tx, tenant, actor, due ? 'memberCare.event.sendoutStarted' : 'memberCare.event.sendoutScheduled', updated.title);
    return withCounts(tx, updated);
  });
  if (due) await starter.enqueueRun(id);
  else await starter.enqueueDue(sendAt);
  return sendout;
}

/** POST member_care/sendouts/{id}/cancel: a scheduled one, or one being sent (it stops before its next message). */
export async function cancelSendout(db: Db, actor: MemberCareActor, id: string): Promise<Sendout> {
  const tenant = memberCareTenantOf(actor);
  const { sendout, release } = await db.transaction(async (tx) => {
    const row = await repo.lockSendout(tx, tenant, id);
    if (!row) throw new NotFoundError('memberCare.sendoutNotFound');
    if (!['scheduled', 'queued', 'running'].includes(row.status)) throw new ConflictError('memberCare.sendoutNotCancellable');
    // Dropping the lease stops a running attempt at its next progress write (lib/runs).
    const updated = await repo.updateSendoutRow(
      tx,
      id,
      { status: 'cancelled', lease: null, finishedAt: new Date() },
      actor.userId,
    );
    if (row.materialisedAt) {
      // The recipients never handed over will not be: the attempt's next one finds none queued
      // (`markAttempt` takes only queued ones), and the read and the counts say `cancelled`.
      const cancelled = await repo.cancelQueuedRecipients(tx, id);
      const counts = (await repo.countsOf(tx, [id])).get(id) as Sendout['counts'];
      await logEvent(tx, {
        organisationId: tenant.organisationId,
        clubAccountId: tenant.clubAccountId,
        resource: 'email',
        activity: 'memberCare.event.sendoutCancelledRunning',
        params: {
          actor: await userDisplayName(tx, actor.userId),
          title: updated.title,
          sent: counts.sent + counts.delivered,
          cancelled,
        },
        type: 'INFO',
      });
    } else {
      await log(tx, tenant, actor, 'memberCare.event.sendoutCancelled', updated.title);
    }
    return { sendout: await withCounts(tx, updated), release: row.materialisedAt !== null && row.channel === 'sms' };
  });
  if (release) {
    const month = (await repo.sendoutById(db, id))?.checkpoint?.smsMonth;
    if (typeof month === 'string') await releaseSmsQuota(db, tenant.organisationId, month, await repo.unsentSegments(db, id));
  }
  return sendout;
}

/** Values for the member fields of a test message: the first recipient's, else an example member. */
async function testFields(db: Db, tenant: AccountTenant, row: repo.SendoutRow, clubName: string): Promise<RecipientFields> {
  const { recipients } = await resolveSelection(db, tenant, row.channel, row.selection);
  const m = recipients[0]?.member;
  return m
    ? { ...m, memberCategory: m.memberCategory, clubName }
    : {
        firstname: 'Anna',
        lastname: 'Andersson',
        golfId: '850312-001',
        memberNumber: '1001',
        email: null,
        memberCategory: null,
        invoiceBalanceOre: 0,
        clubName,
      };
}

const testEmail = z.email();

/** POST member_care/sendouts/{id}/test: one copy to the given address or number, now; the send-out is unchanged. */
export async function testSendout(app: FastifyInstance, actor: MemberCareActor, id: string, to: string): Promise<{ to: string }> {
  const db = app.db;
  const tenant = memberCareTenantOf(actor);
  const row = await mustFind(db, tenant, id);
  if (row.channel === 'email') {
    if (to === '') throw new ValidationError({ to: [encodeMessage('sendout_test_address')] });
    if (!testEmail.safeParse(to).success) throw new ValidationError({ to: [encodeMessage('email')] });
    const template = row.templateId ? await findEmailTemplate(db, tenant, row.templateId) : null;
    if (!template) throw new NotFoundError('memberCare.templateNotFound');
    const sender = await senderOf(app, tenant);
    const fields = await testFields(db, tenant, row, sender.clubName);
    const message = { subject: row.subject || template.subject, html: template.html, text: template.text, lang: template.lang };
    const mail = composeMemberMail(message, fields, null);
    const subject = `[Test] ${mail.subject}`;
    const transport = memberMailOf(app);
    if (transport.transport) await transport.transport.sendMail(mailOptions(sender, to, { ...mail, subject }, null, row.id));
    await insertDelivered(db, {
      organisationId: tenant.organisationId,
      toAddress: to,
      subject,
      text: mail.text,
      html: mail.html,
      template: 'member-care-test',
      lang: template.lang,
      meta: { sendoutId: row.id },
      status: transport.transport ? 'sent' : 'stored',
      attempts: transport.transport ? 1 : 0,
      sentAt: transport.transport ? new Date() : null,
    });
    return { to };
  }
  if (to === '') throw new ValidationError({ to: [encodeMessage('sendout_test_number')] });
  const number = smsRecipientSchema().safeParse(to);
  if (!number.success) throw new ValidationError({ to: [encodeMessage('sms_recipient_number')] });
  const { month } = await reserveSmsQuota(db, tenant.organisationId, row.segments);
  try {
    const client = await app.smsProvider.client();
    await client.send({ from: row.sender, to: number.data, message: row.message });
  } catch (error) {
    await releaseSmsQuota(db, tenant.organisationId, month, row.segments);
    throw error;
  }
  return { to: number.data };
}
