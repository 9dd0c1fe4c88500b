import type { ReceiptSort, ReceiptState, ReceiptsListFilter } from '@fairway/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { AccountingCaller } from '../accounting/access';
import type { PageRequest } from '../accounting/mirror/list';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { receiptEmailOf } from '../customers/customers.repository';
import { invoiceCustomerNameOf, paidInvoicesWindow } from '../invoices/invoices.repository';
import { clubAccounts } from '../organizations/organizations.tables';
import { receiptSendOuts, receipts } from './receipts.tables';

export type ReceiptRecord = typeof receipts.$inferSelect;
export type ReceiptsFilter = Omit<ReceiptsListFilter, 'page' | 'pageSize'>;

const stateOf = sql<ReceiptState>`coalesce(${receipts.state}, 'not_sent')`;

/**
 * The receipts of the invoices in the receipts window (invoices.repository's `paidInvoicesWindow`,
 * docs/receipts.md#window), each with where it is e-mailed (the customer's invoice e-mail, else its
 * e-mail: customers.repository's `receiptEmailOf`). Invoices without a receipt row are `not_sent`.
 */
function joined(conn: Db | Tx, paid: ReturnType<typeof paidInvoicesWindow>) {
  return conn
    .select({
      invoiceId: paid.id,
      invoiceNumber: paid.number,
      customerNumber: paid.customerNumber,
      customerName: paid.customerName,
      email: receiptEmailOf(paid.clubAccountId, paid.customerNumber),
      amountOre: paid.totalOre,
      currency: paid.currency,
      ocr: paid.ocr,
      invoiceDate: paid.invoiceDate,
      paidDate: sql<string>`${paid.fullyPaidOn}`,
      state: stateOf,
      sendOutId: receipts.sendOutId,
      sentAt: receipts.sentAt,
      recipient: receipts.recipient,
      failure: receipts.failure,
      error: receipts.error,
      attempts: sql<number>`coalesce(${receipts.attempts}, 0)`,
    })
    .from(paid)
    .leftJoin(receipts, and(eq(receipts.clubAccountId, paid.clubAccountId), eq(receipts.invoiceNumber, paid.number)));
}
export type ReceiptListRecord = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

const stateFilter = (filter: ReceiptsFilter) => (filter.state !== 'all' ? sql`${stateOf} = ${filter.state}` : undefined);

export async function listReceipts(
  conn: Db | Tx,
  target: MirrorTarget,
  filter: ReceiptsFilter,
  page: PageRequest,
  since: string,
  caller: AccountingCaller,
): Promise<ReceiptListRecord[]> {
  const paid = paidInvoicesWindow(conn, target, since, { caller, search: filter.search });
  const sorts: Record<ReceiptSort, SQL> = {
    number: sql`${paid.number}`,
    customerName: sql`${paid.customerName}`,
    paidDate: sql`${paid.fullyPaidOn}`,
    amount: sql`${paid.totalOre}`,
    state: stateOf,
  };
  // Without a chosen sort the latest paid come first.
  const dir = filter.order === 'desc' || !filter.sort ? desc : asc;
  return joined(conn, paid)
    .where(stateFilter(filter))
    .orderBy(dir(sorts[filter.sort ?? 'paidDate']), dir(paid.number))
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
  const paid = paidInvoicesWindow(conn, target, since, { caller, search: filter.search });
  const [row] = await conn
    .select({ n: count() })
    .from(paid)
    .leftJoin(receipts, and(eq(receipts.clubAccountId, paid.clubAccountId), eq(receipts.invoiceNumber, paid.number)))
    .where(stateFilter(filter));
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
  const paid = paidInvoicesWindow(conn, target, since, { caller });
  return joined(conn, paid).where(inArray(paid.id, [...invoiceIds]));
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
  const paid = paidInvoicesWindow(conn, target, since);
  const [row] = await joined(conn, paid).where(eq(paid.number, invoiceNumber));
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
      customerName: invoiceCustomerNameOf(receipts.clubAccountId, receipts.invoiceNumber),
    })
    .from(receipts)
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
