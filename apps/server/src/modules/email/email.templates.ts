import { formatSek } from '@fairway/shared';
import type { Lang } from '../../lib/i18n';

export const BRAND_NAME = 'Fairway';

/** The parameters each template needs; `queueEmail` checks them per template. */
export interface EmailTemplateParams {
  welcome: { name: string; organisationName: string; loginUrl: string };
  password_reset: { name: string; link: string; expiresInMinutes: number };
  invitation: { name: string; inviterName: string; organisationName: string; link: string; expiresInDays: number };
  password_changed: { name: string; forgotPasswordUrl: string };
  integration_request: {
    /** The recipient: our support team. */
    name: string;
    organisationName: string;
    customerNumber: string;
    clubAccountName: string;
    userName: string;
    userEmail: string;
    system: string;
    message: string;
  };
  /** To the sender of the public contact form. */
  contact_received: { name: string; subject: string; message: string; replyWithinHours: number };
  /** To our support: a message from the public contact form. */
  contact_notification: {
    name: string;
    senderName: string;
    senderEmail: string;
    phone: string;
    club: string;
    subject: string;
    message: string;
    replyWithinHours: number;
  };
  /** To whoever signed up to hear when the product launches. */
  launch_signup: { name: string; siteUrl: string };
  /** To our support: a ticket opened in the dashboard. */
  support_ticket: {
    name: string;
    number: number;
    organisationName: string;
    customerNumber: string;
    clubAccountName: string;
    userName: string;
    userEmail: string;
    member: string;
    subject: string;
    message: string;
  };
  /** To the user who opened a ticket. */
  support_ticket_received: { name: string; number: number; subject: string; message: string; replyWithinHours: number };
  /** To the user who bought personal support hours. */
  support_hours_bought: {
    name: string;
    organisationName: string;
    hours: number;
    unitPriceOre: number;
    exVatOre: number;
    vatOre: number;
    totalOre: number;
    billingUrl: string;
  };
}
export type EmailTemplate = keyof EmailTemplateParams;
export const EMAIL_TEMPLATES = [
  'welcome',
  'password_reset',
  'invitation',
  'password_changed',
  'integration_request',
  'contact_received',
  'contact_notification',
  'launch_signup',
  'support_ticket',
  'support_ticket_received',
  'support_hours_bought',
] as const satisfies readonly EmailTemplate[];

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One message as blocks, rendered both as plain text and as HTML so the two never drift apart.
 * `action` becomes a button in HTML and a bare link line in text.
 */
interface Content {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  signature: string;
}

type Copy<T extends EmailTemplate> = (p: EmailTemplateParams[T]) => Content;

const COPY: { [T in EmailTemplate]: Record<Lang, Copy<T>> } = {
  welcome: {
    sv: (p) => ({
      subject: `Välkommen till ${BRAND_NAME}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Tack för att du registrerade ${p.organisationName} hos ${BRAND_NAME}. Ditt konto är klart och du är inloggad som ägare.`,
        'Nästa steg är att koppla ert bokföringsprogram och GIT, så att medlemsfakturorna kan skapas automatiskt. Du hittar båda under Integrationer i menyn.',
      ],
      action: { label: 'Logga in', url: p.loginUrl },
      after: ['Har du frågor är du välkommen att kontakta vår support, vi svarar inom 48 timmar.'],
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `Welcome to ${BRAND_NAME}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `Thank you for registering ${p.organisationName} with ${BRAND_NAME}. Your account is ready and you are signed in as its owner.`,
        'Next, connect your accounting program and GIT so that member invoices can be created automatically. You will find both under Integrations in the menu.',
      ],
      action: { label: 'Log in', url: p.loginUrl },
      after: ['If you have any questions, contact our support team. We reply within 48 hours.'],
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
  password_reset: {
    sv: (p) => ({
      subject: `Återställ ditt lösenord till ${BRAND_NAME}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Vi har fått en begäran om att återställa lösenordet till ditt konto hos ${BRAND_NAME}. Klicka på knappen nedan för att välja ett nytt lösenord.`,
        `Länken gäller i ${p.expiresInMinutes} minuter och kan bara användas en gång.`,
      ],
      action: { label: 'Välj nytt lösenord', url: p.link },
      after: ['Har du inte bett om att återställa lösenordet kan du bortse från det här meddelandet. Ditt lösenord ändras inte.'],
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `Reset your ${BRAND_NAME} password`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `We received a request to reset the password of your ${BRAND_NAME} account. Click the button below to choose a new password.`,
        `The link is valid for ${p.expiresInMinutes} minutes and can only be used once.`,
      ],
      action: { label: 'Choose a new password', url: p.link },
      after: ['If you did not ask to reset your password, you can ignore this message. Your password will not change.'],
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
  invitation: {
    sv: (p) => ({
      subject: `${p.inviterName} har bjudit in dig till ${p.organisationName} i ${BRAND_NAME}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `${p.inviterName} har bjudit in dig till ${p.organisationName} i ${BRAND_NAME}, portalen som kopplar golfklubbens GIT till bokföringsprogrammet.`,
        'Klicka på knappen nedan för att slutföra din profil och välja ett lösenord.',
        `Inbjudan gäller i ${p.expiresInDays} dagar.`,
      ],
      action: { label: 'Slutför din profil', url: p.link },
      after: ['Väntade du dig inte den här inbjudan kan du bortse från meddelandet.'],
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `${p.inviterName} has invited you to ${p.organisationName} on ${BRAND_NAME}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `${p.inviterName} has invited you to ${p.organisationName} on ${BRAND_NAME}, the portal that links the golf club's GIT to its accounting program.`,
        'Click the button below to complete your profile and choose a password.',
        `The invitation is valid for ${p.expiresInDays} days.`,
      ],
      action: { label: 'Complete your profile', url: p.link },
      after: ['If you were not expecting this invitation, you can ignore this message.'],
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
  password_changed: {
    sv: (p) => ({
      subject: `Ditt lösenord till ${BRAND_NAME} har ändrats`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Lösenordet till ditt konto hos ${BRAND_NAME} har just ändrats. Var det du behöver du inte göra något mer.`,
        'Var det inte du? Återställ lösenordet direkt via länken nedan och kontakta vår support.',
      ],
      action: { label: 'Återställ lösenordet', url: p.forgotPasswordUrl },
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `Your ${BRAND_NAME} password has been changed`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `The password of your ${BRAND_NAME} account was just changed. If this was you, there is nothing more to do.`,
        'Was it not you? Reset your password right away using the link below and contact our support team.',
      ],
      action: { label: 'Reset your password', url: p.forgotPasswordUrl },
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
  integration_request: {
    sv: (p) => ({
      subject: `${BRAND_NAME} integrationsförfrågan: ${p.system} från ${p.organisationName}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `${p.userName} (${p.userEmail}) på ${p.organisationName}, kundnummer ${p.customerNumber}, klubb ${p.clubAccountName}, vill ha en integration med ${p.system}.`,
        `Meddelande:\n${p.message}`,
      ],
      after: ['Svara kunden inom 48 timmar.'],
      signature: BRAND_NAME,
    }),
    en: (p) => ({
      subject: `${BRAND_NAME} integration request: ${p.system} from ${p.organisationName}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `${p.userName} (${p.userEmail}) at ${p.organisationName}, customer number ${p.customerNumber}, club account ${p.clubAccountName}, asks for an integration with ${p.system}.`,
        `Message:\n${p.message}`,
      ],
      after: ['Reply to the customer within 48 hours.'],
      signature: BRAND_NAME,
    }),
  },
  contact_received: {
    sv: (p) => ({
      subject: `Vi har tagit emot ditt meddelande till ${BRAND_NAME}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Tack för att du hörde av dig. Vi har tagit emot ditt meddelande "${p.subject}" och svarar dig inom ${p.replyWithinHours} timmar, oftast samma arbetsdag.`,
        `Ditt meddelande:\n${p.message}`,
      ],
      after: ['Vill du lägga till något svarar du enklast genom att skicka ett nytt meddelande via kontaktformuläret.'],
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `We have received your message to ${BRAND_NAME}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `Thank you for getting in touch. We have received your message "${p.subject}" and will reply within ${p.replyWithinHours} hours, usually the same working day.`,
        `Your message:\n${p.message}`,
      ],
      after: ['If you want to add something, simply send another message through the contact form.'],
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
  contact_notification: {
    sv: (p) => ({
      subject: `${BRAND_NAME} kontaktformulär: ${p.subject}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `${p.senderName} (${p.senderEmail}) har skrivit via kontaktformuläret.`,
        `Telefon: ${p.phone}\nKlubb eller organisation: ${p.club}`,
        `Meddelande:\n${p.message}`,
      ],
      after: [`Avsändaren har lovats svar inom ${p.replyWithinHours} timmar.`],
      signature: BRAND_NAME,
    }),
    en: (p) => ({
      subject: `${BRAND_NAME} contact form: ${p.subject}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `${p.senderName} (${p.senderEmail}) wrote through the contact form.`,
        `Phone: ${p.phone}\nClub or organisation: ${p.club}`,
        `Message:\n${p.message}`,
      ],
      after: [`The sender was promised a reply within ${p.replyWithinHours} hours.`],
      signature: BRAND_NAME,
    }),
  },
  launch_signup: {
    sv: (p) => ({
      subject: `Du står på listan – vi hör av oss när ${BRAND_NAME} lanseras`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Tack för ditt intresse för ${BRAND_NAME}. Vi skickar ett enda e-postmeddelande till den här adressen när vi lanserar, med vad som är nytt och hur ni kommer i gång.`,
        'Vi använder adressen bara till det och lämnar aldrig ut den.',
      ],
      action: { label: `Läs mer om ${BRAND_NAME}`, url: p.siteUrl },
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `You are on the list – we will tell you when ${BRAND_NAME} launches`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `Thank you for your interest in ${BRAND_NAME}. We will send one e-mail to this address when we launch, with what is new and how to get started.`,
        'We use the address for nothing else and never share it.',
      ],
      action: { label: `Read more about ${BRAND_NAME}`, url: p.siteUrl },
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
  support_ticket: {
    sv: (p) => ({
      subject: `${BRAND_NAME} supportärende ${p.number} från ${p.organisationName}: ${p.subject}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `${p.userName} (${p.userEmail}) på ${p.organisationName}, kundnummer ${p.customerNumber}, klubb ${p.clubAccountName}, har skickat ett supportärende.`,
        `Gäller medlem: ${p.member}`,
        `Meddelande:\n${p.message}`,
      ],
      after: ['Svara kunden inom 48 timmar.'],
      signature: BRAND_NAME,
    }),
    en: (p) => ({
      subject: `${BRAND_NAME} support ticket ${p.number} from ${p.organisationName}: ${p.subject}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `${p.userName} (${p.userEmail}) at ${p.organisationName}, customer number ${p.customerNumber}, club account ${p.clubAccountName}, has opened a support ticket.`,
        `About member: ${p.member}`,
        `Message:\n${p.message}`,
      ],
      after: ['Reply to the customer within 48 hours.'],
      signature: BRAND_NAME,
    }),
  },
  support_ticket_received: {
    sv: (p) => ({
      subject: `${BRAND_NAME} support: vi har tagit emot ärende ${p.number}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Tack, vi har tagit emot ditt ärende "${p.subject}" med nummer ${p.number}. Vi svarar dig inom ${p.replyWithinHours} timmar. Ange gärna ärendenumret om du kontaktar oss om samma sak.`,
        `Ditt meddelande:\n${p.message}`,
      ],
      signature: `Vänliga hälsningar\n${BRAND_NAME} support`,
    }),
    en: (p) => ({
      subject: `${BRAND_NAME} support: we have received ticket ${p.number}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `Thank you, we have received your ticket "${p.subject}", number ${p.number}. We will reply within ${p.replyWithinHours} hours. Please quote the ticket number if you contact us about the same matter.`,
        `Your message:\n${p.message}`,
      ],
      signature: `Kind regards,\n${BRAND_NAME} support`,
    }),
  },
  support_hours_bought: {
    sv: (p) => ({
      subject: `Orderbekräftelse: ${hoursText(p.hours, 'sv')} timmar personlig support från ${BRAND_NAME}`,
      greeting: `Hej ${p.name}!`,
      paragraphs: [
        `Tack för din beställning. ${p.organisationName} har köpt ${hoursText(p.hours, 'sv')} timmar personlig support à ${formatSek(p.unitPriceOre, 'sv')} exkl. moms.`,
        `Belopp exkl. moms: ${formatSek(p.exVatOre, 'sv')}\nMoms 25 %: ${formatSek(p.vatOre, 'sv')}\nAtt betala inkl. moms: ${formatSek(p.totalOre, 'sv')}`,
        'Timmarna läggs på er nästa faktura från oss. Boka tid genom att skicka ett supportärende i portalen.',
      ],
      action: { label: 'Visa fakturor', url: p.billingUrl },
      signature: `Vänliga hälsningar\n${BRAND_NAME}`,
    }),
    en: (p) => ({
      subject: `Order confirmation: ${hoursText(p.hours, 'en')} hours of personal support from ${BRAND_NAME}`,
      greeting: `Hi ${p.name},`,
      paragraphs: [
        `Thank you for your order. ${p.organisationName} has bought ${hoursText(p.hours, 'en')} hours of personal support at ${formatSek(p.unitPriceOre, 'en')} ex VAT per hour.`,
        `Amount ex VAT: ${formatSek(p.exVatOre, 'en')}\nVAT 25 %: ${formatSek(p.vatOre, 'en')}\nTotal incl. VAT: ${formatSek(p.totalOre, 'en')}`,
        'The hours are added to your next billing from us. Book a time by opening a support ticket in the portal.',
      ],
      action: { label: 'View billing', url: p.billingUrl },
      signature: `Kind regards,\n${BRAND_NAME}`,
    }),
  },
};

/** Decimal hours as the reader writes them: 1,5 in Swedish, 1.5 in English. */
function hoursText(hours: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-SE' : 'sv-SE', { maximumFractionDigits: 2 }).format(hours);
}

const FOOTER: Record<Lang, string> = {
  sv: `Det här meddelandet skickades automatiskt av ${BRAND_NAME} och går inte att svara på.`,
  en: `This message was sent automatically by ${BRAND_NAME}; replies are not read.`,
};

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function renderText(c: Content, lang: Lang): string {
  const lines = [c.greeting, '', ...c.paragraphs.flatMap((p) => [p, ''])];
  if (c.action) lines.push(`${c.action.label}: ${c.action.url}`, '');
  for (const p of c.after ?? []) lines.push(p, '');
  lines.push(c.signature, '', '--', FOOTER[lang]);
  return `${lines.join('\n')}\n`;
}

const GREEN = '#1f7a4d';

function renderHtml(c: Content, lang: Lang): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2933">${escapeHtml(text)}</p>`;
  const action = c.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${GREEN}">` +
      `<a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(c.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(
        lang === 'sv'
          ? 'Fungerar inte knappen? Kopiera länken till webbläsaren:'
          : 'Button not working? Copy this link into your browser:',
      )}<br><a href="${escapeHtml(c.action.url)}" style="color:${GREEN};word-break:break-all">${escapeHtml(c.action.url)}</a></p>`
    : '';
  const signature = c.signature
    .split('\n')
    .map((line) => escapeHtml(line))
    .join('<br>');
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f5;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:20px 32px;font-size:22px;font-weight:700;color:#ffffff;letter-spacing:0.5px">${BRAND_NAME}</td></tr>
<tr><td style="padding:32px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${action}
${(c.after ?? []).map(p).join('\n')}
<p style="margin:24px 0 0;font-size:15px;line-height:1.6;color:#1f2933">${signature}</p>
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:12px;line-height:1.5;color:#7b8794">${escapeHtml(FOOTER[lang])}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}

export function renderEmail<T extends EmailTemplate>(template: T, lang: Lang, params: EmailTemplateParams[T]): RenderedEmail {
  const copy = COPY[template][lang] as Copy<T>;
  const content = copy(params);
  return { subject: content.subject, text: renderText(content, lang), html: renderHtml(content, lang) };
}
