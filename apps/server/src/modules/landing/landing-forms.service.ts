import {
  CONTACT_REPLY_HOURS,
  type ContactFormBody,
  type ContactFormResult,
  formatPhone,
  type NotificationSignupBody,
  type NotificationSignupResult,
} from '@fairway/shared';
import type { Lang } from '../../lib/i18n';
import { addressOf } from '../../lib/mailbox';
import { dispatchEmails, type MailingDeps, queueEmail } from '../email/email.service';
import { BRAND_NAME } from '../email/email.templates';
import { insertContactMessage, insertSignupOnce } from './landing-forms.repository';

/**
 * POST landing_page/contact_form: stores the message, confirms it to the sender with the
 * promise (a reply within 48 hours) in the language they wrote in, and tells our support (the
 * portal's own address, as for integration requests). Both e-mails are queued in the same
 * transaction as the message and sent after the commit.
 */
export async function submitContactForm(deps: MailingDeps, body: ContactFormBody, lang: Lang): Promise<ContactFormResult> {
  const { id, emailIds } = await deps.db.transaction(async (tx) => {
    const messageId = await insertContactMessage(tx, body, lang);
    const meta = { contactMessageId: messageId };
    const toSender = await queueEmail(tx, {
      to: body.email,
      template: 'contact_received',
      lang,
      params: { name: body.name, subject: body.subject, message: body.message, replyWithinHours: CONTACT_REPLY_HOURS },
      meta,
    });
    const toSupport = await queueEmail(tx, {
      to: addressOf(deps.config.MAIL_FROM),
      template: 'contact_notification',
      // Our support team reads Swedish.
      lang: 'sv',
      params: {
        name: `${BRAND_NAME} support`,
        senderName: body.name,
        senderEmail: body.email,
        phone: body.phone ? formatPhone(body.phone) : '–',
        club: body.club || '–',
        subject: body.subject,
        message: body.message,
        replyWithinHours: CONTACT_REPLY_HOURS,
      },
      meta,
    });
    return { id: messageId, emailIds: [toSender, toSupport] };
  });
  await dispatchEmails(deps, emailIds);
  return { id, replyWithinHours: CONTACT_REPLY_HOURS };
}

/**
 * POST landing_page/notification_signup: one row per address. A second signup of the same
 * address changes nothing and sends nothing; the answer says so, kindly, rather than refusing.
 */
export async function signUpForLaunch(
  deps: MailingDeps,
  body: NotificationSignupBody,
  lang: Lang,
): Promise<NotificationSignupResult> {
  const emailId = await deps.db.transaction(async (tx) => {
    const id = await insertSignupOnce(tx, body, lang);
    if (!id) return null;
    return queueEmail(tx, {
      to: body.email,
      template: 'launch_signup',
      lang,
      params: { name: body.name || (lang === 'sv' ? 'golfvän' : 'there'), siteUrl: `${deps.config.PUBLIC_URL}/` },
      meta: { notificationSignupId: id },
    });
  });
  if (emailId) await dispatchEmails(deps, [emailId]);
  return { alreadySignedUp: emailId === null };
}
