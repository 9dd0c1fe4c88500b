import { randomUUID } from 'node:crypto';
import {
  isRunFinished,
  type Pagination,
  RECEIPT_WINDOW_DAYS,
  type ReceiptRow,
  type ReceiptSendOut,
  type ReceiptsListFilter,
  type SendReceiptsBody,
} from '@fairway/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { BusinessError, NotFoundError } from '../../lib/errors';
import { renderFailure } from '../../lib/failure';
import { type Lang, t } from '../../lib/i18n';
import { addDays, stockholmDate } from '../../lib/stockholm-time';
import { type AccountingCaller, targetOf } from '../accounting/access';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { paymentsOfInvoice } from '../invoices/invoices.repository';
import { renderReceiptPdf } from './receipts.pdf';
import * as repo from './receipts.repository';

/** The send-out runs' queue (the kind is receipts.runs.ts). */
export const RECEIPTS_SEND_QUEUE = 'receipts.send';

/** The first day of the receipts window (docs/receipts.md#window), Swedish time. */
export const windowStart = (now = new Date()) => addDays(stockholmDate(now), -RECEIPT_WINDOW_DAYS);

function toRow(r: repo.ReceiptListRecord): ReceiptRow {
  return {
    invoiceId: r.invoiceId,
    invoiceNumber: r.invoiceNumber,
    customerNumber: r.customerNumber,
    customerName: r.customerName,
    email: r.email,
    amountOre: Number(r.amountOre),
    currency: r.currency,
    ocr: r.ocr,
    paidDate: r.paidDate,
    state: r.state,
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    recipient: r.recipient,
    failure: r.failure,
    error: r.error,
    attempts: Number(r.attempts),
  };
}

export async function listReceiptsPage(
  app: FastifyInstance,
  caller: AccountingCaller,
  filter: ReceiptsListFilter,
): Promise<{ data: ReceiptRow[]; pagination: Pagination }> {
  const target = targetOf(caller);
  const since = windowStart();
  const { page, pageSize, ...rest } = filter;
  const rows = await repo.listReceipts(app.db, target, rest, { page, pageSize }, since, caller);
  const total =
    page === 1 && rows.length < pageSize ? rows.length : await repo.countReceipts(app.db, target, rest, since, caller);
  return { data: rows.map(toRow), pagination: { page, pageSize, total } };
}

/**
 * POST send_receipts/: writes a send-out run with the receipts of the chosen invoices queued in
 * it, and queues the run (docs/receipts.md#send-outs). Every id must be a receipt of the list
 * (fully paid within the window); a receipt already sent is sent again only because the user
 * chose it again.
 */
export async function sendReceipts(
  app: FastifyInstance,
  caller: AccountingCaller,
  body: SendReceiptsBody,
  lang: Lang,
): Promise<{ sendOutId: string; queued: number }> {
  const ids = [...new Set(body.invoiceIds)];
  if (ids.length === 0) throw new BusinessError(400, 'receipts.selectInvoices');
  const target = targetOf(caller);
  const found = await repo.receiptsInWindow(app.db, target, ids, windowStart(), caller);
  if (found.length !== ids.length) throw new BusinessError(400, 'receipts.outsideWindow');
  const sendOutId = randomUUID();
  await app.db.transaction(async (tx) => {
    await repo.insertSendOut(tx, target, { id: sendOutId, total: found.length, createdBy: caller.userId });
    await repo.queueReceipts(
      tx,
      target,
      found.map((r) => r.invoiceNumber),
      sendOutId,
      lang,
    );
  });
  // After the commit (see Jobs): the run reads the rows this transaction wrote.
  await app.runs.enqueue({ queue: RECEIPTS_SEND_QUEUE }, sendOutId);
  return { sendOutId, queued: found.length };
}

/** GET send_receipts/{id}: the send-out's run, and its receipts' states. */
export async function getSendOut(
  app: FastifyInstance,
  caller: AccountingCaller,
  id: string,
  lang: Lang,
): Promise<ReceiptSendOut> {
  const target = targetOf(caller);
  const run = await repo.findSendOut(app.db, target, id);
  if (!run) throw new NotFoundError('receipts.sendOutNotFound');
  const rows = await repo.sendOutReceipts(app.db, target, id);
  const of = (state: string) => rows.filter((r) => r.state === state).length;
  return {
    id,
    status: run.status,
    total: run.total,
    queued: of('queued'),
    sent: of('sent'),
    failed: of('failed'),
    done: isRunFinished(run.status),
    error: run.status === 'failed' ? renderFailure(run.error, lang) : null,
    failures: rows
      .filter((r) => r.state === 'failed' && r.failure)
      .map((r) => ({
        invoiceNumber: r.invoiceNumber,
        customerName: r.customerName ?? '',
        failure: r.failure as NonNullable<typeof r.failure>,
        error: r.error,
      })),
  };
}

export async function renderFor(db: Db, target: MirrorTarget, r: repo.ReceiptListRecord, lang: Lang): Promise<Buffer> {
  const payments = await paymentsOfInvoice(db, target, r.invoiceNumber);
  return renderReceiptPdf({
    lang,
    club: await repo.clubOf(db, target),
    customer: { number: r.customerNumber, name: r.customerName, email: r.email },
    invoice: {
      number: r.invoiceNumber,
      invoiceDate: r.invoiceDate,
      ocr: r.ocr,
      amountOre: Number(r.amountOre),
      currency: r.currency,
      paidDate: r.paidDate,
    },
    payments: payments.map((p) => ({ ...p, amountOre: Number(p.amountOre) })),
  });
}

export async function receiptPdf(
  app: FastifyInstance,
  caller: AccountingCaller,
  invoiceId: string,
  lang: Lang,
): Promise<{ body: Buffer; filename: string }> {
  const target = targetOf(caller);
  const row = await repo.findReceipt(app.db, target, invoiceId, windowStart(), caller);
  if (!row) throw new NotFoundError('receipts.notFound');
  return {
    body: await renderFor(app.db, target, row, lang),
    filename: t('receipts.pdfFilename', lang, { number: row.invoiceNumber }),
  };
}
