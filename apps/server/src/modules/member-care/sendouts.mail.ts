import type { FastifyInstance } from 'fastify';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { t } from '../../lib/i18n';
import { getConfiguration } from '../configurations/configurations.service';
import { createMailTransport } from '../email/email.service';
import { escapeHtml, type RecipientFields, renderForRecipient } from './email-render';
import { type AccountTenant, clubAccountName } from './member-care.repository';

/**
 * How a member care e-mail is put together and handed over (docs/member-care.md#e-mail): the
 * template filled per recipient, a visible unsubscribe link in both parts, `List-Unsubscribe`
 * and `List-Unsubscribe-Post` headers, the club's sender name and reply-to, and DKIM by
 * configuration.
 */

export interface MemberMail {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  /** None without SMTP_URL: the outbox keeps the mail (`stored`, the demo). */
  transport: Transporter | undefined;
}

const transports = new WeakMap<FastifyInstance, Transporter>();

/** The send-out pool's SMTP connections: as many as messages a run has in flight (sendouts.runs.ts). */
export const SENDOUT_CONNECTIONS = 8;

/** The app's SMTP transport for send-outs (DKIM-signing when configured), made at first use. */
export function memberMailOf(app: FastifyInstance): MemberMail {
  if (!app.config.SMTP_URL) return { config: app.config, transport: undefined };
  let transport = transports.get(app);
  if (!transport) {
    // Pooled: a send-out's messages share open connections, one per message in flight.
    transport = createMailTransport(app.config.SMTP_URL, {
      ...(app.config.DKIM ? { dkim: app.config.DKIM } : {}),
      pool: { maxConnections: SENDOUT_CONNECTIONS },
    });
    transports.set(app, transport);
  }
  return { config: app.config, transport };
}

/** Builds messages into buffers (nodemailer's stream transport): headers, list headers, Message-ID. */
const builder = createTransport({ streamTransport: true, buffer: true });

/** A message built whole: its envelope, its Message-ID and the raw bytes to hand over. */
export interface BuiltMail {
  envelope: { from: string | false; to: string[] };
  messageId: string;
  message: Buffer;
}

export async function buildMail(options: SendMailOptions): Promise<BuiltMail> {
  const info = await builder.sendMail(options);
  return { envelope: info.envelope as never, messageId: info.messageId, message: info.message as Buffer };
}

export function closeMemberMail(app: FastifyInstance): void {
  transports.get(app)?.close();
  transports.delete(app);
}

export interface MailSender {
  from: { name: string; address: string } | string;
  replyTo: string | undefined;
  clubName: string;
  /** The club account's sending rate for send-outs. */
  perMinute: number;
}

export async function senderOf(app: FastifyInstance, tenant: AccountTenant): Promise<MailSender> {
  const email = await getConfiguration(app.db, tenant, 'email');
  const clubName = await clubAccountName(app.db, tenant);
  const name = email.senderName || clubName;
  const address = /<([^>]+)>/.exec(app.config.MAIL_FROM)?.[1] ?? app.config.MAIL_FROM;
  return {
    from: name ? { name, address } : app.config.MAIL_FROM,
    replyTo: email.replyTo || undefined,
    clubName,
    perMinute: email.sendoutEmailsPerMinute,
  };
}

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

/** One recipient's e-mail: the template's fields filled in, and the unsubscribe link in both parts. */
export function composeMemberMail(
  message: { subject: string; html: string; text: string; lang: 'sv' | 'en' },
  fields: RecipientFields,
  unsubscribeUrl: string | null,
): ComposedMail {
  const filled = renderForRecipient(message, fields);
  if (!unsubscribeUrl) return filled;
  const label = t('memberCare.mail.unsubscribe', message.lang);
  const footer = `<p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#5b6660;text-align:center;margin:16px 0">${escapeHtml(
    t('memberCare.mail.unsubscribeText', message.lang),
  )} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#5b6660">${escapeHtml(label)}</a></p>`;
  const html = filled.html.includes('</body>') ? filled.html.replace('</body>', `${footer}</body>`) : filled.html + footer;
  const text = `${filled.text.trimEnd()}\n\n${t('memberCare.mail.unsubscribeText', message.lang)} ${label}: ${unsubscribeUrl}\n`;
  return { subject: filled.subject, html, text };
}

/** The nodemailer message of a composed mail. */
export function mailOptions(
  sender: MailSender,
  to: string,
  mail: ComposedMail,
  unsubscribeUrl: string | null,
  sendoutId: string,
) {
  const options: SendMailOptions = {
    from: sender.from,
    to,
    replyTo: sender.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Base64 bodies: nodemailer otherwise scans every body character by character to choose an
    // encoding, the largest part of the time a send-out spends on each e-mail (bench/README.md).
    textEncoding: 'base64',
    headers: {
      'X-Fairway-Template': 'member-care',
      'X-Fairway-Sendout': sendoutId,
      ...(unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
  };
  return options;
}
