import type { RecipientStatus, SendoutCounts, SendoutsListQuery } from '@fairway/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { encodeReason } from '../../lib/failure';
import type { AccountTenant } from './member-care.repository';
import { memberCareSendoutRecipients as recipients, memberCareSendouts as sendouts } from './member-care.tables';

type Conn = Db | Tx;

export type SendoutRow = typeof sendouts.$inferSelect;
export type SendoutValues = Pick<
  typeof sendouts.$inferInsert,
  'title' | 'channel' | 'templateId' | 'subject' | 'sender' | 'message' | 'segments' | 'selection'
>;
export type RecipientRow = typeof recipients.$inferSelect;

const ofTenant = (t: AccountTenant) =>
  and(eq(sendouts.organisationId, t.organisationId), eq(sendouts.clubAccountId, t.clubAccountId)) as SQL;

export async function insertSendout(conn: Conn, t: AccountTenant, values: SendoutValues, userId: string): Promise<SendoutRow> {
  const [row] = await conn
    .insert(sendouts)
    .values({ ...values, ...t, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('send-out insert returned no row');
  return row;
}

export async function findSendout(conn: Conn, t: AccountTenant, id: string): Promise<SendoutRow | null> {
  const [row] = await conn
    .select()
    .from(sendouts)
    .where(and(ofTenant(t), eq(sendouts.id, id)))
    .limit(1);
  return row ?? null;
}

/** The send-out by id alone (the run engine's kinds work across tenants, as pg-boss does). */
export async function sendoutById(conn: Conn, id: string): Promise<SendoutRow | null> {
  const [row] = await conn.select().from(sendouts).where(eq(sendouts.id, id)).limit(1);
  return row ?? null;
}

/** Locks the tenant's send-out for a change of state. */
export async function lockSendout(tx: Tx, t: AccountTenant, id: string): Promise<SendoutRow | null> {
  const [row] = await tx
    .select()
    .from(sendouts)
    .where(and(ofTenant(t), eq(sendouts.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateSendoutRow(
  conn: Conn,
  id: string,
  values: Partial<typeof sendouts.$inferInsert>,
  userId?: string | null,
): Promise<SendoutRow> {
  const [row] = await conn
    .update(sendouts)
    .set({ ...values, ...(userId === undefined ? {} : { updatedBy: userId }), updatedAt: new Date() })
    .where(eq(sendouts.id, id))
    .returning();
  if (!row) throw new Error('send-out update returned no row');
  return row;
}

export async function deleteSendoutRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(sendouts).where(eq(sendouts.id, id));
}

const SCHEDULED: SendoutRow['status'][] = ['draft', 'scheduled'];
const EARLIER: SendoutRow['status'][] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

/** A page of the list: drafts and scheduled ones (soonest first) apart from earlier ones (newest first). */
export async function listSendoutRows(conn: Conn, t: AccountTenant, q: SendoutsListQuery) {
  const filters: SQL[] = [ofTenant(t), inArray(sendouts.status, q.view === 'scheduled' ? SCHEDULED : EARLIER)];
  if (q.channel) filters.push(eq(sendouts.channel, q.channel));
  const where = and(...filters);
  const orderBy =
    q.view === 'scheduled'
      ? [asc(sql`coalesce(${sendouts.sendAt}, ${sendouts.createdAt})`), asc(sendouts.id)]
      : [desc(sql`coalesce(${sendouts.startedAt}, ${sendouts.sendAt}, ${sendouts.createdAt})`), desc(sendouts.id)];
  const [total] = await conn.select({ n: count() }).from(sendouts).where(where);
  const rows = await conn
    .select()
    .from(sendouts)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

const EMPTY_COUNTS: SendoutCounts = {
  total: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  bounced: 0,
  review: 0,
  cancelled: 0,
};

/** Each send-out's recipients counted by status (`sending` counts as queued). */
export async function countsOf(conn: Conn, ids: readonly string[]): Promise<Map<string, SendoutCounts>> {
  const out = new Map<string, SendoutCounts>(ids.map((id) => [id, { ...EMPTY_COUNTS }]));
  if (ids.length === 0) return out;
  const rows = await conn
    .select({ sendoutId: recipients.sendoutId, status: recipients.status, n: count() })
    .from(recipients)
    .where(inArray(recipients.sendoutId, [...ids]))
    .groupBy(recipients.sendoutId, recipients.status);
  for (const r of rows) {
    const c = out.get(r.sendoutId) as SendoutCounts;
    c.total += r.n;
    const key = r.status === 'sending' ? 'queued' : r.status;
    c[key] += r.n;
  }
  return out;
}

/**
 * A page of a send-out's recipients in order, only those with `status` when given (`queued` takes
 * the ones being handed over too, as the counts do), and how many there are.
 */
export async function recipientsPage(
  conn: Conn,
  sendoutId: string,
  page: { page: number; pageSize: number; status?: RecipientStatus },
): Promise<{ rows: RecipientRow[]; total: number }> {
  const statuses: RecipientStatus[] | null =
    page.status === undefined ? null : page.status === 'queued' ? ['queued', 'sending'] : [page.status];
  const where = and(eq(recipients.sendoutId, sendoutId), statuses ? inArray(recipients.status, statuses) : undefined);
  const rows = await conn
    .select()
    .from(recipients)
    .where(where)
    .orderBy(asc(recipients.position))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await conn.select({ n: count() }).from(recipients).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Scheduled send-outs whose time has come (any tenant; the job that starts them). */
export async function dueSendoutIds(conn: Conn, now: Date): Promise<string[]> {
  const rows = await conn
    .select({ id: sendouts.id })
    .from(sendouts)
    .where(and(eq(sendouts.status, 'scheduled'), sql`${sendouts.sendAt} <= ${now.toISOString()}`))
    .limit(100);
  return rows.map((r) => r.id);
}

/** Moves a scheduled send-out to the queue; false when it was no longer scheduled. */
export async function queueScheduled(conn: Conn, id: string): Promise<boolean> {
  const rows = await conn
    .update(sendouts)
    .set({ status: 'queued', updatedAt: new Date() })
    .where(and(eq(sendouts.id, id), eq(sendouts.status, 'scheduled')))
    .returning({ id: sendouts.id });
  return rows.length > 0;
}

// ---- the run's ledger -------------------------------------------------------------------------

export type NewRecipient = Omit<typeof recipients.$inferInsert, 'id' | 'sendoutId' | 'organisationId'>;

export async function insertRecipients(tx: Tx, sendout: Pick<SendoutRow, 'id' | 'organisationId'>, rows: NewRecipient[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(recipients)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, sendoutId: sendout.id, organisationId: sendout.organisationId })));
  }
}

/** The next recipients still to be handled (queued, or attempted by an attempt that died), in order. */
export async function pendingRecipients(conn: Conn, sendoutId: string, limit: number): Promise<RecipientRow[]> {
  return conn
    .select()
    .from(recipients)
    .where(and(eq(recipients.sendoutId, sendoutId), inArray(recipients.status, ['queued', 'sending'])))
    .orderBy(asc(recipients.position))
    .limit(limit);
}

/** Records the attempt (committed before the message is handed over); false when it was not queued. */
export async function markAttempt(conn: Conn, id: string): Promise<boolean> {
  const rows = await conn
    .update(recipients)
    .set({ status: 'sending', attemptedAt: new Date() })
    .where(and(eq(recipients.id, id), eq(recipients.status, 'queued')))
    .returning({ id: recipients.id });
  return rows.length > 0;
}

/** An e-mail the mail server accepted, its outcome not yet written (sendouts.runs.ts writes them in stretches). */
export interface SentOutcome {
  id: string;
  /** The Message-ID. */
  providerId: string | null;
  sentAt: Date;
}

/**
 * One statement for a stretch of e-mails (sendouts.runs.ts): writes `sent` for those the mail server
 * accepted since the last one, and records the attempt of the next ones (`sending`, committed before
 * they are handed over). Answers the ids whose attempt it recorded: only queued ones are taken.
 */
export async function settleAndClaim(conn: Conn, sent: readonly SentOutcome[], claim: readonly string[]): Promise<Set<string>> {
  const outcomes = JSON.stringify(sent.map((s) => ({ id: s.id, p: s.providerId, t: s.sentAt.toISOString() })));
  const result = await conn.execute(sql`
    with settled as (
      update ${recipients} as r set status = 'sent', provider_id = s.p, sent_at = s.t
      from jsonb_to_recordset(${outcomes}::jsonb) as s(id uuid, p text, t timestamptz)
      where r.id = s.id and r.status = 'sending'
    )
    update ${recipients} set status = 'sending', attempted_at = now()
    where id in (select jsonb_array_elements_text(${JSON.stringify(claim)}::jsonb)::uuid) and status = 'queued'
    returning id`);
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
}

export async function settleRecipient(
  conn: Conn,
  id: string,
  status: Exclude<RecipientStatus, 'queued' | 'sending'>,
  values: { reason?: string | null; providerId?: string | null; segments?: number } = {},
): Promise<void> {
  await conn
    .update(recipients)
    .set({ status, ...values, ...(status === 'sent' ? { sentAt: new Date() } : {}) })
    .where(eq(recipients.id, id));
}

/** Marks the recipients whose message was never handed over `cancelled` (the send-out was cancelled); how many. */
export async function cancelQueuedRecipients(conn: Conn, sendoutId: string): Promise<number> {
  const rows = await conn
    .update(recipients)
    .set({ status: 'cancelled', reason: encodeReason('memberCare.recipient.cancelled') })
    .where(and(eq(recipients.sendoutId, sendoutId), eq(recipients.status, 'queued')))
    .returning({ id: recipients.id });
  return rows.length;
}

/** A delivery report: the SMS with 46elks' id moves on (never back from delivered or failed). */
export async function reportDelivery(
  conn: Conn,
  sendoutId: string,
  providerId: string,
  status: 'sent' | 'delivered' | 'failed',
  deliveredAt: Date | null,
): Promise<number> {
  const from: RecipientStatus[] = status === 'sent' ? ['sending', 'review'] : ['sending', 'sent', 'review'];
  const rows = await conn
    .update(recipients)
    .set(
      status === 'delivered'
        ? { status: 'delivered', deliveredAt: deliveredAt ?? new Date() }
        : status === 'failed'
          ? { status: 'failed', reason: 'memberCare.recipient.notDelivered' }
          : { status: 'sent', sentAt: new Date() },
    )
    .where(and(eq(recipients.sendoutId, sendoutId), eq(recipients.providerId, providerId), inArray(recipients.status, from)))
    .returning({ id: recipients.id });
  return rows.length;
}

/** Segments of the send-out's recipients that were never handed to 46elks (to give back to the SMS plan). */
export async function unsentSegments(conn: Conn, sendoutId: string): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`coalesce(sum(${recipients.segments}), 0)`.mapWith(Number) })
    .from(recipients)
    // Never handed over (a delivery report's failure was sent, and 46elks charges it).
    .where(
      and(
        eq(recipients.sendoutId, sendoutId),
        inArray(recipients.status, ['queued', 'failed', 'cancelled']),
        sql`${recipients.providerId} is null`,
      ),
    );
  return row?.n ?? 0;
}
