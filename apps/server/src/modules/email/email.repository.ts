import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from './email.tables';

/**
 * The outbox (email_outbox): every message is a row first, written in the transaction of the
 * change that caused it; delivery moves it through queued → sent | stored | failed. Rows are found
 * by id: mail of a signed-out user (a password reset) belongs to no organisation.
 */

type Conn = Db | Tx;

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof emailOutbox.$inferInsert,
  'organisationId' | 'toAddress' | 'subject' | 'text' | 'html' | 'template' | 'lang' | 'meta'
>;

export async function insertQueued(conn: Conn, values: NewOutboxRow): Promise<string> {
  const [row] = await conn
    .insert(emailOutbox)
    .values({ ...values, status: 'queued' })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email_outbox insert returned no row');
  return row.id;
}

/**
 * A message another module delivered itself (a receipt with its PDF, modules/receipts/receipts.runs.ts),
 * recorded as delivered or stored.
 */
export async function insertDelivered(
  conn: Conn,
  values: NewOutboxRow & Pick<typeof emailOutbox.$inferInsert, 'status' | 'attempts' | 'sentAt'>,
): Promise<void> {
  await conn.insert(emailOutbox).values(values);
}

export async function findMessage(conn: Conn, id: string): Promise<OutboxRow | null> {
  const [row] = await conn.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

/** What the event log says of a delivery. */
export async function findDeliverySummary(conn: Conn, id: string) {
  const [row] = await conn
    .select({
      organisationId: emailOutbox.organisationId,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      attempts: emailOutbox.attempts,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row ?? null;
}

/** Without SMTP the outbox row is the delivered mail: the given rows still queued become `stored`. */
export async function markStored(conn: Conn, ids: readonly string[]): Promise<void> {
  await conn
    .update(emailOutbox)
    .set({ status: 'stored' })
    .where(and(inArray(emailOutbox.id, [...ids]), eq(emailOutbox.status, 'queued')));
}

/** The row of a message the delivery found unsendable (no transport): `stored`, whatever its state. */
export async function markOneStored(conn: Conn, id: string): Promise<void> {
  await conn.update(emailOutbox).set({ status: 'stored' }).where(eq(emailOutbox.id, id));
}

export async function markSent(conn: Conn, id: string, now: Date): Promise<void> {
  await conn
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** A failed attempt: counted, its error kept, and the row `failed` when it was the last one. */
export async function recordAttemptFailure(
  conn: Conn,
  id: string,
  failure: { attempts: number; lastError: string; final: boolean },
): Promise<void> {
  await conn
    .update(emailOutbox)
    .set({ attempts: failure.attempts, lastError: failure.lastError, status: failure.final ? 'failed' : 'queued' })
    .where(eq(emailOutbox.id, id));
}

export async function queuedIds(conn: Conn, limit: number): Promise<string[]> {
  const rows = await conn.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'queued')).limit(limit);
  return rows.map((r) => r.id);
}
