import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { encodeFailure } from '../../lib/failure';
import { type Lang, t } from '../../lib/i18n';
import type { RunContext, RunKind, RunResult } from '../../lib/runs/run-engine';
import type { MirrorTarget } from '../accounting/mirror/mirror';
import { getConfiguration } from '../configurations/configurations.service';
import { insertDelivered } from '../email/email.repository';
import { createMailTransport } from '../email/email.service';
import { receiptTitle } from './receipts.pdf';
import * as repo from './receipts.repository';
import { RECEIPTS_SEND_QUEUE, renderFor, windowStart } from './receipts.service';
import { receiptSendOuts } from './receipts.tables';

/** How a send-out's mail leaves: SMTP when SMTP_URL is set; without it the outbox keeps the mail (the demo). */
export interface SendOutMail {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  transport: Transporter | undefined;
}

export interface SendOutOptions {
  /** Instead of the app's own SMTP transport (tests). */
  mail?: SendOutMail;
  /** Called after each receipt's outcome is written (tests stop a worker there). */
  afterReceipt?: (receiptId: string) => Promise<void>;
}

const transports = new WeakMap<FastifyInstance, Transporter>();

/** The app's SMTP transport, made at first use; none without SMTP_URL. */
function mailOf(app: FastifyInstance): SendOutMail {
  if (!app.config.SMTP_URL) return { config: app.config, transport: undefined };
  let transport = transports.get(app);
  if (!transport) {
    transport = createMailTransport(app.config.SMTP_URL);
    transports.set(app, transport);
  }
  return { config: app.config, transport };
}

/** Closes the transport `mailOf` made, if any (the app's onClose). */
export function closeSendOutMail(app: FastifyInstance): void {
  transports.get(app)?.close();
  transports.delete(app);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The send-out's work (docs/receipts.md#send-outs): e-mails each receipt of the send-out still
 * `queued` with its PDF, and writes per receipt what happened. The receipts are the ledger: each
 * is marked `sending` before it is handed to the mail server and sent or failed right after, so
 * a resumed attempt (a retry, or after its worker died) takes only what is left. A receipt it
 * finds marked `sending` by an attempt that died may have gone out already: it is failed as
 * `interrupted` and never sent a second time by the send-out itself.
 */
async function sendOut(
  app: FastifyInstance,
  run: RunContext<typeof receiptSendOuts>,
  options: SendOutOptions = {},
): Promise<RunResult> {
  const db: Db = app.db;
  const mail = options.mail ?? mailOf(app);
  const target: MirrorTarget = { organisationId: run.organisationId, clubAccountId: run.clubAccountId };
  const queued = await repo.queuedOfSendOut(db, target, run.id);
  const since = windowStart();
  const email = await getConfiguration(db, target, 'email');
  const club = await repo.clubOf(db, target);
  const failed = async (id: string, failure: Parameters<typeof repo.markFailed>[2], error: string | null, to: string | null) => {
    await repo.markFailed(db, id, failure, error, to);
    await options.afterReceipt?.(id);
  };
  for (const receipt of queued) {
    // A progress write: it confirms in the database that the run is still this worker's (one
    // that fell silent and was handed on stops here) and renews the heartbeat.
    await run.save({});
    if (receipt.sendingAt) {
      await failed(receipt.id, 'interrupted', null, receipt.recipient);
      continue;
    }
    const lang: Lang = receipt.lang === 'en' ? 'en' : 'sv';
    const row = await repo.findReceiptByNumber(db, target, receipt.invoiceNumber, since);
    if (!row) {
      await failed(receipt.id, 'not_paid', null, null);
      continue;
    }
    if (!row.email) {
      await failed(receipt.id, 'no_email', null, null);
      continue;
    }
    const pdf = await renderFor(db, target, row, lang);
    const subject = `${email.receiptSubject} – ${receiptTitle(lang, row.invoiceNumber)}`;
    const text = [email.receiptBody, email.signature].filter(Boolean).join('\n\n');
    const html = `<html lang="${lang}"><body>${text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('')}</body></html>`;
    const filename = t('receipts.pdfFilename', lang, { number: row.invoiceNumber });
    // The ledger says "being sent" before anything leaves; the lease is checked right before.
    run.throwIfTakenOver();
    if (!(await repo.markSending(db, receipt.id, run.id))) continue;
    let status: 'sent' | 'stored' = 'stored';
    try {
      if (mail.transport && mail.config.SMTP_URL) {
        const from = email.senderName || club.name;
        const address = /<([^>]+)>/.exec(mail.config.MAIL_FROM)?.[1] ?? mail.config.MAIL_FROM;
        await mail.transport.sendMail({
          from: from ? { name: from, address } : mail.config.MAIL_FROM,
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
      await failed(receipt.id, 'smtp', message, row.email);
      continue;
    }
    await db.transaction(async (tx) => {
      await repo.markSent(tx, receipt.id, row.email as string);
      // The outbox is the record of every mail the product sent (and, without SMTP, the demo's inbox).
      await insertDelivered(tx, {
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
    await options.afterReceipt?.(receipt.id);
  }
  // The whole send-out's outcome, whichever attempts did it.
  const tally = await repo.sendOutTally(db, target, run.id);
  return {
    event: {
      activity: 'receipts.event.sendOut',
      params: { sent: tally.sent, failed: tally.failed },
      type: tally.failed > 0 ? 'ERROR' : 'SUCCESS',
    },
  };
}

/** The receipts send-out as a run of the run engine (lib/runs). */
export const receiptSendOutRuns: RunKind<typeof receiptSendOuts, SendOutOptions> = {
  name: 'receipts.send',
  queue: RECEIPTS_SEND_QUEUE,
  store: { table: receiptSendOuts },
  maxAttempts: 5,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
  workOptions: { pollingIntervalSeconds: 1 },
  eventResource: 'receipts',
  events: {
    retrying: 'runs.receiptSendOut.retrying',
    resumed: 'runs.receiptSendOut.resumed',
    failed: 'receipts.event.sendOutFailed',
  },
  execute: sendOut,
  // A receipt's own fault (no e-mail, the mail server's refusal) is written on the receipt and the
  // send-out goes on; what reaches the engine is the database's or a bug's, worth another attempt.
  retryable: () => true,
  reasonOf: (_app, error) => encodeFailure(error),
};

/** One attempt at a send-out, in this process (tests, and in-process callers). */
export function runReceiptSendOut(app: FastifyInstance, sendOutId: string, options: SendOutOptions = {}) {
  return app.runs.attempt(receiptSendOutRuns, sendOutId, options);
}
