import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
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

/**
 * The send-out pool's SMTP connections, each with one message out (sendouts.runs.ts keeps a stretch
 * queued behind them). 16, not 8: the sending process now spends under 2 ms of CPU per e-mail, and
 * a message's time is the mail server's and the database's answers; more connections side by side
 * hide that wait (bench/README.md, sendout-email).
 */
export const SENDOUT_CONNECTIONS = 16;

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

/** nodemailer's header encoding (a CommonJS object whose functions an ES import does not see by name). */
const mimeFuncs = createRequire(import.meta.url)('nodemailer/lib/mime-funcs') as typeof import('nodemailer/lib/mime-funcs');

/** An address a header and the envelope take as it is: printable ASCII, no space. */
const PLAIN_ADDRESS = /^[\x21-\x7e]+$/;

/** A header line folded at 76 characters, as nodemailer folds it. */
const headerLine = (key: string, value: string) => mimeFuncs.foldLines(`${key}: ${value}`, 76);

/** A display name as nodemailer writes it: as it is, quoted, or as an encoded word. */
function addressName(name: string): string {
  if (/^[\w ]*$/.test(name)) return name;
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/([\\"])/g, '\\$1')}"`;
  return mimeFuncs.encodeWord(name, 'B', 52);
}

const addressesOf = (value: MailSender['from']) =>
  typeof value === 'string' ? addressparser(value, { flatten: true }) : [value];

/** UTF-8 text in base64, in lines of 76 characters. */
function base64Lines(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join('\r\n');
}

/**
 * A send-out's messages put together directly rather than by nodemailer's composer, which streams
 * each part through several transforms (most of a send-out's time per e-mail after the database's,
 * bench/README.md): the same message as `buildMail(mailOptions(…))` gives, multipart/alternative
 * with the text then the HTML part in base64, the same headers, the ones alike for every
 * recipient encoded once. Answers null for a recipient whose address is not plain ASCII (an
 * international one), which `buildMail` then builds; the builder is null when the sender's is not.
 */
export function memberMailBuilder(sender: MailSender, sendoutId: string) {
  const from = addressesOf(sender.from);
  const replyTo = sender.replyTo ? addressesOf(sender.replyTo) : [];
  const envelopeFrom = from[0]?.address ?? '';
  if (!from.length || [...from, ...replyTo].some((a) => !PLAIN_ADDRESS.test(a.address))) return null;
  const list = (addresses: { name: string; address: string }[]) =>
    addresses.map((a) => (a.name ? `${addressName(a.name)} <${a.address}>` : a.address)).join(', ');
  const domain = envelopeFrom.slice(envelopeFrom.lastIndexOf('@') + 1);
  const boundary = `--_FW-${randomBytes(12).toString('hex')}-Part_1`;
  const top = ['X-Fairway-Template: member-care', `X-Fairway-Sendout: ${sendoutId}`, headerLine('From', list(from))].join('\r\n');
  const reply = replyTo.length ? `\r\n${headerLine('Reply-To', list(replyTo))}` : '';
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: text/${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(body)}\r\n`;
  return (to: string, mail: ComposedMail, unsubscribeUrl: string | null): BuiltMail | null => {
    if (!PLAIN_ADDRESS.test(to)) return null;
    const messageId = `<${randomUUID()}@${domain}>`;
    const subject = mail.subject.replace(/\r?\n|\r/g, ' ');
    const head = [
      unsubscribeUrl ? 'List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n' : '',
      top,
      `\r\nTo: ${to}`,
      reply,
      `\r\n${headerLine('Subject', mimeFuncs.encodeWords(subject, 'B', 52))}`,
      `\r\nMessage-ID: ${messageId}`,
      unsubscribeUrl ? `\r\nList-Unsubscribe: <${unsubscribeUrl}>` : '',
      `\r\nDate: ${new Date().toUTCString().replace(/GMT/, '+0000')}`,
      `\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n`,
    ].join('');
    const message = `${head}${part('plain', mail.text)}${part('html', mail.html)}--${boundary}--\r\n`;
    return { envelope: { from: envelopeFrom, to: [to] }, messageId, message: Buffer.from(message, 'latin1') };
  };
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
