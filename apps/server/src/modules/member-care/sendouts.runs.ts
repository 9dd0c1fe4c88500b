import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { vacuumIfNoAutovacuum } from '../../db/maintenance';
import { encodeFailure, encodeReason } from '../../lib/failure';
import type { RunContext, RunKind, RunResult } from '../../lib/runs/run-engine';
import { isSmsProviderError } from '../../providers/46elks/errors';
import { backoffMs } from '../../providers/retry';
import { insertDelivered } from '../email/email.repository';
import { releaseSmsQuota, reserveSmsQuota } from '../subscriptions/subscriptions.service';
import type { RecipientFields } from './email-render';
import { findEmailTemplate } from './member-care.repository';
import { memberCareSendoutRecipients, memberCareSendouts } from './member-care.tables';
import { resolveSelection } from './recipients';
import {
  type BuiltMail,
  buildMail,
  type ComposedMail,
  composeMemberMail,
  type MemberMail,
  mailOptions,
  memberMailBuilder,
  memberMailOf,
  SENDOUT_CONNECTIONS,
  senderOf,
} from './sendouts.mail';
import * as repo from './sendouts.repository';
import { SENDOUTS_DUE_QUEUE, type SendoutStarter } from './sendouts.service';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

export const SENDOUTS_RUN_QUEUE = 'member-care.sendout';
/** Recipients read per batch. */
const BATCH = 100;
/** Attempts per e-mail after a fault that cannot have delivered it (connection refused, 4xx). */
const MAIL_ATTEMPTS = 3;
/**
 * E-mails whose attempts are recorded in one statement (with the outcomes written since the last
 * one), taken when this many places are free: the connections keep working while it is written.
 */
const MAIL_CLAIM = 8;
/**
 * E-mails whose attempt is recorded and whose outcome is not yet written: those out on the SMTP
 * pool's connections, a stretch queued behind them, and those the mail server accepted whose `sent`
 * is written with the next stretch's attempts. A crash leaves at most this many recipients
 * `review` (docs/member-care.md#exactly-once).
 */
export const MAIL_IN_FLIGHT = SENDOUT_CONNECTIONS + MAIL_CLAIM;

export interface SendoutRunOptions {
  /** Instead of the app's own SMTP transport (tests). */
  mail?: MemberMail;
  /** Backoff base between an e-mail's attempts; default 500 ms. */
  retryBaseMs?: number;
  /** Called after each recipient's outcome is written (tests stop a worker there). */
  afterRecipient?: (recipientId: string) => Promise<void>;
  /** The sending rate's time source; the real one unless given (tests give one that moves only when slept on). */
  clock?: SendoutClock;
}

/** What the sending rate reads the time from and waits with. */
export interface SendoutClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: SendoutClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

// ---- delivery reports -------------------------------------------------------------------------

const reportKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'fairway', 'fairway:sms-delivery-reports', 32));

/** The secret of a send-out's delivery-report address: only 46elks, who was given it, can report. */
export function deliveryReportSecret(secret: string, sendoutId: string): string {
  return createHmac('sha256', reportKey(secret)).update(sendoutId).digest('base64url');
}

export function validDeliveryReportSecret(secret: string, sendoutId: string, given: string): boolean {
  const expected = Buffer.from(deliveryReportSecret(secret, sendoutId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const DELIVERY_REPORTS_PATH = '/member_care/sms/delivery';

const deliveryUrl = (app: FastifyInstance, sendoutId: string) =>
  `${app.config.PUBLIC_URL}/api/v1${DELIVERY_REPORTS_PATH}/${sendoutId}/${deliveryReportSecret(app.config.JWT_SECRET, sendoutId)}`;

// ---- the run ----------------------------------------------------------------------------------

/**
 * Writes the send-out's recipients (its ledger) and the message as it is sent, once: in one
 * transaction with the SMS plan's reservation, so an SMS send-out that would pass the plan is
 * refused before anything is sent.
 */
async function materialise(app: FastifyInstance, run: RunContext<typeof memberCareSendouts>, row: repo.SendoutRow) {
  const db: Db = app.db;
  const tenant = { organisationId: row.organisationId, clubAccountId: row.clubAccountId };
  const template = row.channel === 'email' && row.templateId ? await findEmailTemplate(db, tenant, row.templateId) : null;
  if (row.channel === 'email' && !template) throw new MissingTemplateError();
  const sender = row.channel === 'email' ? await senderOf(app, tenant) : null;
  const { recipients } = await resolveSelection(db, tenant, row.channel, row.selection);
  run.throwIfTakenOver();
  await db.transaction(async (tx) => {
    const current = await repo.lockSendout(tx, tenant, row.id);
    if (current?.status !== 'running' || current.materialisedAt) return;
    let checkpoint: Record<string, unknown> = {};
    if (row.channel === 'sms' && recipients.length > 0) {
      const { month } = await reserveSmsQuota(tx, row.organisationId, recipients.length * row.segments);
      checkpoint = { smsMonth: month };
    }
    await repo.insertRecipients(
      tx,
      row,
      recipients.map((r, position) => {
        const fields: RecipientFields = {
          firstname: r.member.firstname,
          lastname: r.member.lastname,
          golfId: r.member.golfId,
          memberNumber: r.member.memberNumber,
          email: r.member.email,
          memberCategory: r.member.memberCategory,
          invoiceBalanceOre: r.member.invoiceBalanceOre,
          clubName: sender?.clubName ?? '',
        };
        return {
          memberId: r.member.id,
          position,
          name: `${r.member.firstname} ${r.member.lastname}`.trim(),
          address: r.address,
          viaPayer: r.viaPayer,
          fields: fields as unknown as Record<string, unknown>,
          segments: row.channel === 'sms' ? row.segments : 0,
        };
      }),
    );
    await repo.updateSendoutRow(tx, row.id, {
      materialisedAt: new Date(),
      checkpoint,
      ...(template
        ? {
            sentSubject: row.subject || template.subject,
            sentHtml: template.html,
            sentText: template.text,
            sentLang: template.lang,
          }
        : {}),
    });
  });
}

class MissingTemplateError extends Error {
  constructor() {
    super('the send-out has no template');
  }
}

type SmtpError = Error & { code?: string; responseCode?: number; command?: string };

/**
 * An SMTP fault that cannot have delivered the message: a 4xx answer, or no connection at all
 * (refused, timed out while connecting). A connection lost later may have delivered it.
 */
const retryableSmtp = (e: SmtpError) =>
  (e.responseCode !== undefined && e.responseCode >= 400 && e.responseCode < 500) ||
  e.code === 'ECONNREFUSED' ||
  e.command === 'CONN';

/** Recipient rows a send-out updates between two vacuums of their table on PGlite. */
const RECIPIENTS_VACUUM_EVERY = 2_000;

async function sendOut(
  app: FastifyInstance,
  run: RunContext<typeof memberCareSendouts>,
  options: SendoutRunOptions = {},
): Promise<RunResult> {
  const db: Db = app.db;
  let row = await repo.sendoutById(db, run.id);
  if (!row) return { event: null };
  if (!row.materialisedAt) {
    await materialise(app, run, row);
    row = (await repo.sendoutById(db, run.id)) as repo.SendoutRow;
  }
  const tenant = { organisationId: row.organisationId, clubAccountId: row.clubAccountId };
  const mail = options.mail ?? memberMailOf(app);
  const sender = row.channel === 'email' ? await senderOf(app, tenant) : null;
  const sms = row.channel === 'sms' ? await app.smsProvider.client() : null;
  const build = sender ? memberMailBuilder(sender, row.id) : null;
  const message = {
    subject: row.sentSubject ?? '',
    html: row.sentHtml ?? '',
    text: row.sentText ?? '',
    lang: row.sentLang ?? 'sv',
  };
  // The club account's rate: each e-mail handed over no sooner than its place in the minute.
  const spacingMs = sender ? 60_000 / Math.max(1, sender.perMinute) : 0;
  const clock = options.clock ?? realClock;
  const began = clock.now();
  let handed = 0;
  /** The `sent` e-mails whose outcome is not yet written: written with the next attempts recorded. */
  let unsettled: repo.SentOutcome[] = [];
  /**
   * Recipient rows updated since the last vacuum. PGlite has no autovacuum (db/maintenance.ts): each
   * recipient's row is updated twice, and without a vacuum every later statement reads past the
   * old versions, so a send-out of 10,000 slowed down as it went (8.5 ms of CPU an e-mail at the
   * end of bench:sendout-email on PGlite, against 1.1 ms on PostgreSQL).
   */
  let sinceVacuum = 0;
  /** Writes the outcomes not yet written, and the attempts of `claim`; answers the ids taken. */
  const settleAndClaim = async (claim: readonly string[]) => {
    const settled = unsettled;
    unsettled = [];
    let taken: Set<string>;
    try {
      taken = await repo.settleAndClaim(db, settled, claim);
    } catch (error) {
      unsettled = settled.concat(unsettled);
      throw error;
    }
    for (const s of settled) await options.afterRecipient?.(s.id);
    sinceVacuum += settled.length + taken.size;
    if (sinceVacuum >= RECIPIENTS_VACUUM_EVERY) {
      sinceVacuum = 0;
      await vacuumIfNoAutovacuum(app, RECIPIENTS_VACUUM_EVERY, [memberCareSendoutRecipients]);
    }
    return taken;
  };
  /**
   * Waits for the next e-mail's place in the minute (writing what went out meanwhile, so a slow
   * rate does not hold the progress back); answers how many of at most `most` are due now.
   */
  const due = async (most: number) => {
    if (began + handed * spacingMs - clock.now() > 0 && unsettled.length > 0) await settleAndClaim([]);
    const wait = began + handed * spacingMs - clock.now();
    if (wait > 0) await clock.sleep(wait);
    run.throwIfTakenOver();
    if (spacingMs <= 0) return most;
    return Math.max(1, Math.min(most, Math.floor((clock.now() - began) / spacingMs) + 1 - handed));
  };
  /** One e-mail to the mail server (its attempt already committed), and its outcome written or kept for the next stretch. */
  const handOver = async (recipient: repo.RecipientRow, composed: ComposedMail, built: BuiltMail | null) => {
    if (!mail.transport || !built) {
      await db.transaction(async (tx) => {
        await repo.settleRecipient(tx, recipient.id, 'sent');
        await insertDelivered(tx, {
          organisationId: row.organisationId,
          toAddress: recipient.address,
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          template: 'member-care',
          lang: message.lang,
          meta: { sendoutId: row.id, recipientId: recipient.id },
          status: 'stored',
          attempts: 0,
          sentAt: null,
        });
      });
      await options.afterRecipient?.(recipient.id);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await mail.transport.sendMail({ envelope: built.envelope, raw: built.message });
        unsettled.push({ id: recipient.id, providerId: built.messageId || null, sentAt: new Date() });
        return;
      } catch (caught) {
        const error = caught as SmtpError;
        if (retryableSmtp(error) && attempt < MAIL_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, options.retryBaseMs ?? 500)));
          run.throwIfTakenOver();
          continue;
        }
        const reason = encodeReason('memberCare.recipient.smtp', { detail: error.message.slice(0, 300) });
        const bounced = error.code === 'EENVELOPE' && (error.responseCode ?? 0) >= 500;
        const unknown = !retryableSmtp(error) && !bounced && error.responseCode === undefined;
        await repo.settleRecipient(db, recipient.id, bounced ? 'bounced' : unknown ? 'review' : 'failed', { reason });
        await options.afterRecipient?.(recipient.id);
        return;
      }
    }
  };
  // E-mails are handed to a pool of SMTP connections, several in flight; SMS one at a time.
  const inFlight = new Set<Promise<void>>();
  let fault: { error: unknown } | null = null;
  const launch = (work: Promise<void>) => {
    const p = work.catch((error: unknown) => {
      fault ??= { error };
    });
    const tracked = p.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const throwFault = () => {
    if (fault) throw fault.error;
  };
  const drain = async (below: number) => {
    while (inFlight.size > below) await Promise.race(inFlight);
    throwFault();
  };
  /** E-mails filled in and built, their attempts not yet recorded. */
  const ready: { recipient: repo.RecipientRow; composed: ComposedMail; built: BuiltMail | null }[] = [];
  /**
   * The next stretch of ready e-mails, as many as are due and have a place: their attempts
   * recorded in one statement (with the outcomes since the last), then handed to the pool at once.
   */
  const handOverReady = async (launched: Set<string>) => {
    await drain(MAIL_IN_FLIGHT - MAIL_CLAIM);
    const stretch = ready.splice(0, await due(Math.min(ready.length, MAIL_IN_FLIGHT - inFlight.size)));
    const taken = await settleAndClaim(stretch.map((r) => r.recipient.id));
    for (const { recipient, composed, built } of stretch) {
      if (!taken.has(recipient.id)) continue;
      handed++;
      launched.add(recipient.id);
      launch(handOver(recipient, composed, built));
    }
  };
  try {
    // Every recipient this attempt handed over (or is handing over): a `sending` row read below
    // that is not one of them is a dead attempt's. Kept, not pruned, so a row settled between the
    // read and the check is never taken for a dead attempt's.
    const launched = new Set<string>();
    for (;;) {
      throwFault();
      // Read past the messages still in flight, so the pool never runs dry between batches.
      const read = await repo.pendingRecipients(db, row.id, BATCH + MAIL_IN_FLIGHT);
      const batch = read.filter((recipient) => !launched.has(recipient.id));
      if (batch.length === 0) {
        if (inFlight.size === 0) break;
        await drain(0);
        continue;
      }
      // A progress write: the run is still this worker's (a cancel or a takeover stops it here).
      await run.save({});
      for (const recipient of batch) {
        if (recipient.status === 'sending') {
          // Attempted by an attempt that died: it may have gone out. Never handed over blindly again.
          const found =
            sms && recipient.attemptedAt
              ? await sms
                  .findSent({ from: row.sender, to: recipient.address, message: row.message }, recipient.attemptedAt)
                  .catch(() => null)
              : null;
          if (found?.id) await repo.settleRecipient(db, recipient.id, 'sent', { providerId: found.id });
          else
            await repo.settleRecipient(db, recipient.id, 'review', { reason: encodeReason('memberCare.recipient.unconfirmed') });
          await options.afterRecipient?.(recipient.id);
          continue;
        }
        if (sms) {
          await due(1);
          handed++;
          if (!(await repo.markAttempt(db, recipient.id))) continue;
          try {
            const sent = await sms.send({
              from: row.sender,
              to: recipient.address,
              message: row.message,
              whenDelivered: deliveryUrl(app, row.id),
            });
            await repo.settleRecipient(db, recipient.id, 'sent', { providerId: sent.id, segments: sent.parts });
          } catch (error) {
            const unknown = isSmsProviderError(error) && error.maybeSent;
            await repo.settleRecipient(db, recipient.id, unknown ? 'review' : 'failed', { reason: encodeFailure(error) });
          }
          await options.afterRecipient?.(recipient.id);
          continue;
        }
        // E-mail: filled in and built, then handed over in stretches (handOverReady) while the
        // next ones are prepared; at most MAIL_IN_FLIGHT are attempted and not yet written.
        const url = recipient.memberId
          ? unsubscribeUrl(
              app.config.PUBLIC_URL,
              unsubscribeToken(app.config.JWT_SECRET, {
                organisationId: row.organisationId,
                memberId: recipient.memberId,
                channel: 'email',
                sendoutId: row.id,
              }),
            )
          : null;
        const composed = composeMemberMail(message, recipient.fields as unknown as RecipientFields, url);
        // Built whole in memory (memberMailBuilder, or nodemailer for an international address),
        // then handed over in one piece: streamed, nodemailer writes a message to the socket in
        // hundreds of small chunks (bench/README.md, sendout-email).
        const built =
          mail.transport && sender
            ? (build?.(recipient.address, composed, url) ??
              (await buildMail(mailOptions(sender, recipient.address, composed, url, row.id))))
            : null;
        ready.push({ recipient, composed, built });
        if (ready.length >= MAIL_CLAIM) await handOverReady(launched);
      }
      while (ready.length > 0) await handOverReady(launched);
    }
    await drain(0);
    await settleAndClaim([]);
  } finally {
    // A fault or a takeover: what is out is settled before the attempt ends, and what went out
    // written (else a later attempt would take it for a dead attempt's, `review`).
    await Promise.allSettled([...inFlight]);
    if (unsettled.length > 0) await settleAndClaim([]).catch(() => undefined);
  }
  const month = row.checkpoint?.smsMonth;
  if (row.channel === 'sms' && typeof month === 'string' && row.checkpoint?.released !== true) {
    // Marked first: a crash in between leaves the segments counted (on the side of the plan).
    await run.save({ checkpoint: { ...row.checkpoint, released: true } });
    await releaseSmsQuota(db, row.organisationId, month, await repo.unsentSegments(db, row.id));
  }
  const counts = (await repo.countsOf(db, [row.id])).get(row.id);
  const failed = (counts?.failed ?? 0) + (counts?.bounced ?? 0) + (counts?.review ?? 0);
  return {
    event: {
      activity: 'memberCare.event.sendoutFinished',
      params: { title: row.title, sent: (counts?.sent ?? 0) + (counts?.delivered ?? 0), failed },
      type: failed > 0 ? 'ERROR' : 'SUCCESS',
    },
  };
}

/** A member care send-out as a run of the run engine (lib/runs). */
export const sendoutRuns: RunKind<typeof memberCareSendouts, SendoutRunOptions> = {
  name: 'member-care.sendout',
  queue: SENDOUTS_RUN_QUEUE,
  store: { table: memberCareSendouts },
  maxAttempts: 5,
  queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 6 * 60 * 60 },
  workOptions: { pollingIntervalSeconds: 1 },
  eventResource: 'email',
  events: {
    retrying: 'memberCare.event.sendoutRetrying',
    resumed: 'memberCare.event.sendoutResumed',
    failed: 'memberCare.event.sendoutFailed',
  },
  async eventParams(app, run) {
    return { title: (await repo.sendoutById(app.db, run.id))?.title ?? '' };
  },
  execute: sendOut,
  // A recipient's own fault is written on the recipient and the send-out goes on; the SMS plan's
  // refusal and a deleted template are final; the rest (the database's) is worth another attempt.
  retryable: (error) =>
    !(error instanceof MissingTemplateError) && !(error as { messageKey?: string }).messageKey?.startsWith('subscriptions.'),
  reasonOf: (_app, error) =>
    error instanceof MissingTemplateError ? encodeReason('memberCare.templateNotFound') : encodeFailure(error),
};

/** One attempt at a send-out, in this process (tests, and in-process callers). */
export function runSendout(app: FastifyInstance, sendoutId: string, options: SendoutRunOptions = {}) {
  return app.runs.attempt(sendoutRuns, sendoutId, options);
}

/** Starts every scheduled send-out whose time has come: its own job (at the time) and a minute's sweep. */
export async function startDueSendouts(app: FastifyInstance, now = new Date()): Promise<number> {
  let started = 0;
  for (const id of await repo.dueSendoutIds(app.db, now)) {
    if (!(await repo.queueScheduled(app.db, id))) continue;
    await app.runs.enqueue(sendoutRuns, id);
    started++;
  }
  return started;
}

/** What the routes use to start send-outs. */
export const sendoutStarter = (app: FastifyInstance): SendoutStarter => ({
  enqueueRun: (id) => app.runs.enqueue(sendoutRuns, id),
  async enqueueDue(at) {
    const seconds = Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));
    await app.jobs.send(SENDOUTS_DUE_QUEUE, {}, seconds > 0 ? { startAfter: seconds } : {});
  },
});

export { SENDOUTS_DUE_QUEUE };
