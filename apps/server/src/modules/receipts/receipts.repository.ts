import type { ReceiptSort, ReceiptState, ReceiptsListFilter } from '@fairway/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type AccountingCaller, teamCondition } from '../accounting/access';
import type { PageRequest } from '../accounting/mirror/list';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { customers } from '../customers/customers.tables';
import { invoiceSearch } from '../invoices/invoices.repository';
import { invoicePayments, invoices } from '../invoices/invoices.tables';
import { clubAccounts } from '../organizations/organizations.tables';
import { receiptSendOuts, receipts } from './receipts.tables';

export type ReceiptRecord = typeof receipts.$inferSelect;
export type ReceiptsFilter = Omit<ReceiptsListFilter, 'page' | 'pageSize'>;

const stateOf = sql<ReceiptState>`coalesce(${receipts.state}, 'not_sent')`;
/** Where receipts are e-mailed: the customer's invoice e-mail, else its e-mail. */
const emailOf = sql<string | null>`coalesce(nullif(${customers.data}->>'emailInvoice', ''), nullif(${customers.email}, ''))`;

const SORTS: Record<ReceiptSort, SQL | typeof invoices.number> = {
  number: sql`${invoices.number}`,
  customerName: sql`${invoices.customerName}`,
  paidDate: sql`${invoices.fullyPaidOn}`,
  amount: sql`${invoices.totalOre}`,
  state: stateOf,
};

/**
 * The receipts window (docs/receipts.md#window): invoices fully paid (balance zero, not cancelled, not a credit note) whose last
 * payment is on or after `since` (90 days back, Swedish time). With a `caller`, also only what
 * they may see: with "see/edit only team-created documents" (docs/permissions.md#team-rules) the invoices their team
 * created, as in the invoice list. The send-out job, which a caller queued, passes none.
 */
export function receiptWindow(target: MirrorTarget, since: string, caller?: AccountingCaller): SQL {
  return and(
    eq(invoices.organisationId, target.organisationId),
    eq(invoices.clubAccountId, target.clubAccountId),
    eq(invoices.balanceOre, 0),
    not(invoices.cancelled),
    not(invoices.isCredit),
    sql`${invoices.totalOre} > 0`,
    isNotNull(invoices.fullyPaidOn),
    gte(invoices.fullyPaidOn, since),
    caller ? teamCondition(caller, 'onlyTeamDocuments', invoices.createdBy) : undefined,
  ) as SQL;
}

function filterOf(target: MirrorTarget, filter: ReceiptsFilter, since: string, caller: AccountingCaller): SQL {
  const conditions = [receiptWindow(target, since, caller)];
  if (filter.state !== 'all') conditions.push(sql`${stateOf} = ${filter.state}`);
  const search = invoiceSearch(target.clubAccountId, filter.search);
  if (search) conditions.push(search);
  return and(...conditions) as SQL;
}

const columns = {
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
  customerNumber: invoices.customerNumber,
  customerName: invoices.customerName,
  email: emailOf,
  amountOre: invoices.totalOre,
  currency: invoices.currency,
  ocr: invoices.ocr,
  invoiceDate: invoices.invoiceDate,
  paidDate: sql<string>`${invoices.fullyPaidOn}`,
  state: stateOf,
  sendOutId: receipts.sendOutId,
  sentAt: receipts.sentAt,
  recipient: receipts.recipient,
  failure: receipts.failure,
  error: receipts.error,
  attempts: sql<number>`coalesce(${receipts.attempts}, 0)`,
};

function joined(conn: Db | Tx) {
  return conn
    .select(columns)
    .from(invoices)
    .leftJoin(receipts, and(eq(receipts.clubAccountId, invoices.clubAccountId), eq(receipts.invoiceNumber, invoices.number)))
    .leftJoin(customers, and(eq(customers.clubAccountId, invoices.clubAccountId), eq(customers.number, invoices.customerNumber)));
}
export type ReceiptListRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export async function listReceipts(
  conn: Db | Tx,
  target: MirrorTarget,
  filter: ReceiptsFilter,
  page: PageRequest,
  since: string,
  caller: AccountingCaller,
): Promise<ReceiptListRecord[]> {
  // Without a chosen sort the latest paid come first.
  const dir = filter.order === 'desc' || !filter.sort ? desc : asc;
  const column = SORTS[filter.sort ?? 'paidDate'];
  return joined(conn)
    .where(filterOf(target, filter, since, caller))
    .orderBy(dir(column), dir(invoices.number))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

export async function countReceipts(
  conn: Db | Tx,
  target: MirrorTarget,
  filter: ReceiptsFilter,
  since: string,
  caller: AccountingCaller,
): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(invoices)
    .leftJoin(receipts, and(eq(receipts.clubAccountId, invoices.clubAccountId), eq(receipts.invoiceNumber, invoices.number)))
    .where(filterOf(target, filter, since, caller));
  return row?.n ?? 0;
}

/**
 * The receipts of these invoices that are within the window and the caller's to see; other ids
 * are left out.
 */
export async function receiptsInWindow(
  conn: Db | Tx,
  target: MirrorTarget,
  invoiceIds: readonly string[],
  since: string,
  caller: AccountingCaller,
): Promise<ReceiptListRecord[]> {
  if (invoiceIds.length === 0) return [];
  return joined(conn).where(and(receiptWindow(target, since, caller), inArray(invoices.id, [...invoiceIds])));
}

/** One receipt by its invoice id, when that invoice is within the window and the caller's to see. */
export async function findReceipt(
  conn: Db | Tx,
  target: MirrorTarget,
  invoiceId: string,
  since: string,
  caller: AccountingCaller,
): Promise<ReceiptListRecord | null> {
  const [row] = await receiptsInWindow(conn, target, [invoiceId], since, caller);
  return row ?? null;
}

/** The receipt of an invoice number, when that invoice is (still) within the window. */
export async function findReceiptByNumber(
  conn: Db | Tx,
  target: MirrorTarget,
  invoiceNumber: string,
  since: string,
): Promise<ReceiptListRecord | null> {
  const [row] = await joined(conn).where(and(receiptWindow(target, since), eq(invoices.number, invoiceNumber)));
  return row ?? null;
}

/** Puts the receipts of these invoice numbers in the send-out `sendOutId`, state queued. */
export async function queueReceipts(
  tx: Tx,
  target: MirrorTarget,
  invoiceNumbers: readonly string[],
  sendOutId: string,
  lang: string,
): Promise<void> {
  if (invoiceNumbers.length === 0) return;
  const now = new Date();
  await tx
    .insert(receipts)
    .values(
      invoiceNumbers.map((invoiceNumber) => ({
        organisationId: target.organisationId,
        clubAccountId: target.clubAccountId,
        invoiceNumber,
        state: 'queued' as const,
        sendOutId,
        lang,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [receipts.clubAccountId, receipts.invoiceNumber],
      set: { state: 'queued', sendOutId, lang, failure: null, error: null, sendingAt: null, updatedAt: now },
    });
}

/** The receipts of a send-out still waiting to be sent. */
export async function queuedOfSendOut(conn: Db | Tx, target: MirrorTarget, sendOutId: string): Promise<ReceiptRecord[]> {
  return conn
    .select()
    .from(receipts)
    .where(
      and(
        eq(receipts.clubAccountId, target.clubAccountId),
        eq(receipts.organisationId, target.organisationId),
        eq(receipts.sendOutId, sendOutId),
        eq(receipts.state, 'queued'),
      ),
    )
    .orderBy(asc(receipts.invoiceNumber));
}

export async function sendOutReceipts(conn: Db | Tx, target: MirrorTarget, sendOutId: string) {
  return conn
    .select({
      invoiceNumber: receipts.invoiceNumber,
      state: receipts.state,
      failure: receipts.failure,
      error: receipts.error,
      customerName: sql<string | null>`${invoices.customerName}`,
    })
    .from(receipts)
    .leftJoin(invoices, and(eq(invoices.clubAccountId, receipts.clubAccountId), eq(invoices.number, receipts.invoiceNumber)))
    .where(
      and(
        eq(receipts.clubAccountId, target.clubAccountId),
        eq(receipts.organisationId, target.organisationId),
        eq(receipts.sendOutId, sendOutId),
      ),
    )
    .orderBy(asc(receipts.invoiceNumber));
}

export async function markSent(conn: Db | Tx, id: string, recipient: string): Promise<void> {
  const now = new Date();
  await conn
    .update(receipts)
    .set({
      state: 'sent',
      sentAt: now,
      recipient,
      failure: null,
      error: null,
      sendingAt: null,
      attempts: sql`${receipts.attempts} + 1`,
      updatedAt: now,
    })
    .where(eq(receipts.id, id));
}

export async function markFailed(
  conn: Db | Tx,
  id: string,
  failure: 'no_email' | 'smtp' | 'not_paid' | 'interrupted',
  error: string | null,
  recipient: string | null,
): Promise<void> {
  await conn
    .update(receipts)
    .set({
      state: 'failed',
      failure,
      error: error?.slice(0, 1000) ?? null,
      recipient,
      sendingAt: null,
      attempts: sql`${receipts.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(receipts.id, id));
}

/** The payments of an invoice as mirrored, oldest first. */
export async function paymentsOf(conn: Db | Tx, target: MirrorTarget, invoiceNumber: string) {
  return conn
    .select({ number: invoicePayments.number, paymentDate: invoicePayments.paymentDate, amountOre: invoicePayments.amountOre })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.clubAccountId, target.clubAccountId), eq(invoicePayments.invoiceNumber, invoiceNumber)))
    .orderBy(asc(invoicePayments.paymentDate), asc(invoicePayments.number));
}

/**
 * Marks a queued receipt as being handed to the mail server (docs/receipts.md#send-outs): false
 * when it is no longer queued in this send-out.
 */
export async function markSending(conn: Db | Tx, id: string, sendOutId: string): Promise<boolean> {
  const rows = await conn
    .update(receipts)
    .set({ sendingAt: new Date(), updatedAt: new Date() })
    .where(and(eq(receipts.id, id), eq(receipts.sendOutId, sendOutId), eq(receipts.state, 'queued')))
    .returning({ id: receipts.id });
  return rows.length > 0;
}

// ---- send-outs (the run engine's rows, lib/runs) -------------------------------------------------

export type SendOutRecord = typeof receiptSendOuts.$inferSelect;

export async function insertSendOut(
  tx: Tx,
  target: MirrorTarget,
  values: { id: string; total: number; createdBy: string | null },
): Promise<void> {
  await tx.insert(receiptSendOuts).values({
    id: values.id,
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    status: 'queued',
    total: values.total,
    createdBy: values.createdBy,
  });
}

/** A send-out of the club account, or undefined (also for another tenant's id). */
export async function findSendOut(conn: Db | Tx, target: MirrorTarget, id: string): Promise<SendOutRecord | undefined> {
  const [row] = await conn
    .select()
    .from(receiptSendOuts)
    .where(
      and(
        eq(receiptSendOuts.id, id),
        eq(receiptSendOuts.organisationId, target.organisationId),
        eq(receiptSendOuts.clubAccountId, target.clubAccountId),
      ),
    );
  return row;
}

/** How many receipts of a send-out are in each state. */
export async function sendOutTally(conn: Db | Tx, target: MirrorTarget, sendOutId: string) {
  const rows = await conn
    .select({ state: receipts.state, n: count() })
    .from(receipts)
    .where(
      and(
        eq(receipts.clubAccountId, target.clubAccountId),
        eq(receipts.organisationId, target.organisationId),
        eq(receipts.sendOutId, sendOutId),
      ),
    )
    .groupBy(receipts.state);
  const of = (state: ReceiptState) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { queued: of('queued'), sent: of('sent'), failed: of('failed') };
}

/** The club's name and organisation number, as its receipts show them. */
export async function clubOf(conn: Db | Tx, target: MirrorTarget) {
  const [club] = await conn
    .select({ name: clubAccounts.name, organisationNumber: clubAccounts.organisationNumber })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, target.clubAccountId), eq(clubAccounts.organisationId, target.organisationId)));
  return club ?? { name: '', organisationNumber: null };
}
