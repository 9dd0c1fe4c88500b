import { randomUUID } from 'node:crypto';
import {
  type Pagination,
  RECEIPT_WINDOW_DAYS,
  type ReceiptRow,
  type ReceiptSendOut,
  type ReceiptsListFilter,
  type SendReceiptsBody,
} from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BusinessError, NotFoundError } from '../../lib/errors';
import { type Lang, t } from '../../lib/i18n';
import { addDays, stockholmDate } from '../../lib/stockholm-time';
import { type AccountingCaller, targetOf } from '../accounting/access';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { getConfiguration } from '../configurations/configurations.service';
import { emailOutbox } from '../email/email.tables';
import { logEventQuietly } from '../eventlogs/eventlogs.service';
import { clubAccounts } from '../organizations/organizations.tables';
import { receiptTitle, renderReceiptPdf } from './receipts.pdf';
import * as repo from './receipts.repository';

export const RECEIPTS_SEND_QUEUE = 'receipts.send';

export interface SendOutJob {
  sendOutId: string;
  organisationId: string;
  clubAccountId: string;
}

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
 * POST send_receipts/: queues the receipts of the chosen invoices and a job that e-mails them.
 * Every id must be a receipt of the list (fully paid within the window); a receipt already sent
 * is sent again only because the user chose it again.
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
  await app.db.transaction((tx) =>
    repo.queueReceipts(
      tx,
      target,
      found.map((r) => r.invoiceNumber),
      sendOutId,
      lang,
    ),
  );
  // After the commit (see Jobs): the job reads the rows this transaction wrote.
  const job: SendOutJob = { sendOutId, ...target };
  await app.jobs.send(RECEIPTS_SEND_QUEUE, job, { singletonKey: `receipts:${sendOutId}` });
  return { sendOutId, queued: found.length };
}

export async function getSendOut(app: FastifyInstance, caller: AccountingCaller, id: string): Promise<ReceiptSendOut> {
  const rows = await repo.sendOutReceipts(app.db, targetOf(caller), id);
  if (rows.length === 0) throw new NotFoundError('receipts.sendOutNotFound');
  const of = (state: string) => rows.filter((r) => r.state === state).length;
  return {
    id,
    queued: of('queued'),
    sent: of('sent'),
    failed: of('failed'),
    done: of('queued') === 0,
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

async function clubOf(db: Db, target: MirrorTarget) {
  const [club] = await db
    .select({ name: clubAccounts.name, organisationNumber: clubAccounts.organisationNumber })
    .from(clubAccounts)
    .where(and(eq(clubAccounts.id, target.clubAccountId), eq(clubAccounts.organisationId, target.organisationId)));
  return club ?? { name: '', organisationNumber: null };
}

async function renderFor(db: Db, target: MirrorTarget, r: repo.ReceiptListRecord, lang: Lang): Promise<Buffer> {
  const payments = await repo.paymentsOf(db, target, r.invoiceNumber);
  return renderReceiptPdf({
    lang,
    club: await clubOf(db, target),
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

export interface SendOutDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  /** The SMTP transport when SMTP_URL is set; without it the outbox keeps the mail (the demo). */
  transport: Transporter | undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The send-out job: e-mails each queued receipt of the send-out with its PDF, and records per
 * receipt what happened. Idempotent: only receipts still `queued` are taken, and each is marked
 * sent or failed right after its own attempt, so a retried job never sends a receipt twice.
 */
export async function runReceiptSendOut(deps: SendOutDeps, job: SendOutJob): Promise<{ sent: number; failed: number }> {
  const target: MirrorTarget = { organisationId: job.organisationId, clubAccountId: job.clubAccountId };
  const queued = await repo.queuedOfSendOut(deps.db, target, job.sendOutId);
  if (queued.length === 0) return { sent: 0, failed: 0 };
  const since = windowStart();
  const email = await getConfiguration(deps.db, target, 'email');
  const club = await clubOf(deps.db, target);
  let sent = 0;
  let failed = 0;
  for (const receipt of queued) {
    const lang: Lang = receipt.lang === 'en' ? 'en' : 'sv';
    const row = await repo.findReceiptByNumber(deps.db, target, receipt.invoiceNumber, since);
    if (!row) {
      await repo.markFailed(deps.db, receipt.id, 'not_paid', null, null);
      failed++;
      continue;
    }
    if (!row.email) {
      await repo.markFailed(deps.db, receipt.id, 'no_email', null, null);
      failed++;
      continue;
    }
    const pdf = await renderFor(deps.db, target, row, lang);
    const subject = `${email.receiptSubject} – ${receiptTitle(lang, row.invoiceNumber)}`;
    const text = [email.receiptBody, email.signature].filter(Boolean).join('\n\n');
    const html = `<html lang="${lang}"><body>${text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('')}</body></html>`;
    const filename = t('receipts.pdfFilename', lang, { number: row.invoiceNumber });
    let status: 'sent' | 'stored' = 'stored';
    try {
      if (deps.transport && deps.config.SMTP_URL) {
        const from = email.senderName || club.name;
        const address = /<([^>]+)>/.exec(deps.config.MAIL_FROM)?.[1] ?? deps.config.MAIL_FROM;
        await deps.transport.sendMail({
          from: from ? { name: from, address } : deps.config.MAIL_FROM,
          to: row.email,
          replyTo: email.replyTo || undefined,
          subject,
          text,
          html,
          attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
          headers: { 'X-Fairway-Template': 'receipt', 'X-Fairway-Receipt': receipt.id },
        });
        status = 'sent';
      }
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      await repo.markFailed(deps.db, receipt.id, 'smtp', message, row.email);
      failed++;
      continue;
    }
    await deps.db.transaction(async (tx) => {
      await repo.markSent(tx, receipt.id, row.email as string);
      // The outbox is the record of every mail the product sent (and, without SMTP, the demo's inbox).
      await tx.insert(emailOutbox).values({
        organisationId: target.organisationId,
        toAddress: row.email as string,
        subject,
        text,
        html,
        template: 'receipt',
        lang,
        meta: { receiptId: receipt.id, invoiceNumber: row.invoiceNumber, attachment: filename },
        status,
        attempts: status === 'sent' ? 1 : 0,
        sentAt: status === 'sent' ? new Date() : null,
      });
    });
    sent++;
  }
  await logEventQuietly(deps.db, deps.log, {
    organisationId: target.organisationId,
    clubAccountId: target.clubAccountId,
    resource: 'receipts',
    activity: 'receipts.event.sendOut',
    params: { sent, failed },
    type: failed > 0 ? 'ERROR' : 'SUCCESS',
  });
  return { sent, failed };
}
