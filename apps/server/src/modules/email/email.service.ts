import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import type { Jobs } from '../../lib/jobs';
import * as repo from './email.repository';
import { type EmailTemplate, type EmailTemplateParams, renderEmail } from './email.templates';

export const EMAIL_DELIVER_QUEUE = 'email.deliver';
/** One try plus five retries with backoff (the queue's retry policy), then the row is `failed`. */
export const EMAIL_MAX_ATTEMPTS = 6;

export interface QueueEmailInput<T extends EmailTemplate> {
  to: string;
  template: T;
  lang: Lang;
  params: EmailTemplateParams[T];
  organisationId?: string | null;
  /** Anything worth keeping next to the message for support (never secrets). */
  meta?: Record<string, unknown>;
}

/**
 * Renders the message and writes it to the outbox in the caller's transaction, so the e-mail
 * exists exactly when the change that caused it does. Nothing is sent here: after the commit the
 * caller hands the returned id to `dispatchEmails`.
 */
export async function queueEmail<T extends EmailTemplate>(tx: Db | Tx, input: QueueEmailInput<T>): Promise<string> {
  const rendered = renderEmail(input.template, input.lang, input.params);
  return repo.insertQueued(tx, {
    organisationId: input.organisationId ?? null,
    toAddress: input.to,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    template: input.template,
    lang: input.lang,
    meta: input.meta ?? {},
  });
}

export interface EmailDispatcher {
  db: Db;
  config: Pick<Config, 'SMTP_URL'>;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/** What a service that writes and sends mail uses: the dispatcher, our sender address and public URL. */
export interface MailingDeps extends EmailDispatcher {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;
}

/** The app's database, configuration, job queue and log as the deps of a mailing service. */
export function mailingDeps(app: Pick<FastifyInstance, 'db' | 'config' | 'jobs' | 'log'>): MailingDeps & { config: Config } {
  return { db: app.db, config: app.config, jobs: app.jobs, log: app.log };
}

/**
 * Call after the transaction that queued the e-mails has committed. With SMTP the delivery job is
 * queued; without it the outbox row itself is the delivered mail (`stored`). Never throws: the
 * change is already committed, and rows left `queued` are picked up again when workers start.
 */
export async function dispatchEmails(app: EmailDispatcher, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    if (!app.config.SMTP_URL) {
      await repo.markStored(app.db, ids);
      return;
    }
    for (const id of ids) {
      await app.jobs.send(EMAIL_DELIVER_QUEUE, { id }, { singletonKey: `email:${id}` });
    }
  } catch (error) {
    app.log.error({ err: error, emailIds: ids }, 'could not dispatch queued e-mails; they stay queued');
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i;

/**
 * An SMTP transport for `SMTP_URL` (`smtp://[user:pass@]host:port`, `smtps://…` for implicit TLS;
 * nodemailer options may follow as a query, e.g. `?ignoreTLS=true`). On a loopback host a
 * self-signed STARTTLS certificate is accepted: the traffic never leaves the machine, and local
 * mail catchers commonly offer STARTTLS with one.
 */
export function createMailTransport(
  smtpUrl: string,
  extra: Pick<SMTPTransport.Options, 'dkim'> & { pool?: { maxConnections: number } } = {},
): Transporter {
  const host = new URL(smtpUrl).hostname;
  const { pool, ...rest } = extra;
  // nodemailer.createTransport({ url, … }) would drop every option beside the URL; the SMTP
  // transport itself merges them (the URL's own query options win).
  const options = {
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(LOOPBACK.test(host) ? { tls: { rejectUnauthorized: false } } : {}),
    ...rest,
  };
  // A pool keeps its connections open between messages (send-outs: thousands of messages).
  return nodemailer.createTransport(
    pool
      ? new SMTPPool({ ...options, pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity })
      : new SMTPTransport(options),
  );
}

export type DeliveryOutcome = 'sent' | 'stored' | 'failed' | 'retry' | 'skipped';

export interface DeliveryDeps {
  db: Db;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  transport: Transporter | undefined;
}

/**
 * Delivers one outbox row. Idempotent: only a `queued` row is sent. A failure counts an attempt
 * and records the error; the caller (the job) rethrows for `retry` so pg-boss backs off, and the
 * last allowed attempt marks the row `failed` instead.
 */
export async function deliverEmail(deps: DeliveryDeps, id: string): Promise<{ outcome: DeliveryOutcome; error?: Error }> {
  const row = await repo.findMessage(deps.db, id);
  if (row?.status !== 'queued') return { outcome: 'skipped' };
  if (!deps.transport || !deps.config.SMTP_URL) {
    await repo.markOneStored(deps.db, id);
    return { outcome: 'stored' };
  }
  try {
    await deps.transport.sendMail({
      from: deps.config.MAIL_FROM,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: { 'X-Fairway-Email-Id': row.id, 'X-Fairway-Template': row.template },
    });
    await repo.markSent(deps.db, id, new Date());
    return { outcome: 'sent' };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    const attempts = row.attempts + 1;
    const final = attempts >= EMAIL_MAX_ATTEMPTS;
    await repo.recordAttemptFailure(deps.db, id, { attempts, lastError: error.message.slice(0, 1000), final });
    return { outcome: final ? 'failed' : 'retry', error };
  }
}

/** Rows a crash left between commit and dispatch are dispatched again when workers start. */
export async function redispatchQueuedEmails(app: EmailDispatcher): Promise<number> {
  const ids = await repo.queuedIds(app.db, 1000);
  await dispatchEmails(app, ids);
  return ids.length;
}
