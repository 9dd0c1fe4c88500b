import type { ContactFormResult, NotificationSignupResult } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { addressOf } from '../../lib/mailbox';
import { emailOutbox } from '../email/email.tables';
import { FORM_BUDGETS } from '../support/form-budget';
import { contactMessages, notificationSignups } from './landing-forms.tables';

let t: TestApp;
let app: App;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (url: string, payload: unknown, options: { ip?: string; lang?: 'sv' | 'en' } = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/landing_page/${url}`,
    headers: { 'accept-language': options.lang ?? 'sv' },
    remoteAddress: options.ip ?? freshIp(),
    payload: payload as object,
  });

const GOOD = {
  name: 'Karin Holm',
  email: 'Karin.Holm@Example.se',
  phone: '070-174 06 45',
  club: 'Lunds Akademiska GK',
  subject: 'Demo av portalen',
  message: 'Vi vill gärna se hur medlemsfakturorna skapas från GIT.',
  consent: true,
};

const allMessages = () => app.db.select().from(contactMessages);
const mailsTo = (address: string) => app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('POST /landing_page/contact_form', () => {
  it('stores the message with the phone in E.164 and e-mails the sender (48 hours) and our support', async () => {
    const res = await post('contact_form/', GOOD);
    expect(res.statusCode).toBe(201);
    const result = (res.json() as { data: ContactFormResult }).data;
    expect(result.replyWithinHours).toBe(48);
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, result.id));
    expect(row).toMatchObject({
      name: 'Karin Holm',
      email: 'karin.holm@example.se',
      phone: '+46701740645',
      club: 'Lunds Akademiska GK',
      consent: true,
      lang: 'sv',
    });

    const [toSender] = (await mailsTo('karin.holm@example.se')).filter((m) => m.meta.contactMessageId === result.id);
    expect(toSender?.template).toBe('contact_received');
    expect(toSender?.status).toBe('stored');
    expect(toSender?.subject).toBe('Vi har tagit emot ditt meddelande till Fairway');
    expect(toSender?.text).toContain('svarar dig inom 48 timmar');
    expect(toSender?.text).toContain(GOOD.message);
    const toSupport = (await mailsTo(addressOf(app.config.MAIL_FROM))).find((m) => m.meta.contactMessageId === result.id);
    expect(toSupport?.subject).toBe('Fairway kontaktformulär: Demo av portalen');
    expect(toSupport?.text).toContain('Telefon: 070-174 06 45');
    expect(toSupport?.text).toContain('karin.holm@example.se');
  });

  it('needs no phone or club, and writes to an English sender in English', async () => {
    const res = await post('contact_form', { ...GOOD, email: 'sam@example.com', phone: '', club: undefined }, { lang: 'en' });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { data: ContactFormResult }).data.id;
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ phone: null, club: '', lang: 'en' });
    const [mail] = await mailsTo('sam@example.com');
    expect(mail?.subject).toBe('We have received your message to Fairway');
    expect(mail?.text).toContain('reply within 48 hours');
  });

  it('refuses bad input with localised field messages and stores and sends nothing', async () => {
    const before = (await allMessages()).length;
    const mailsBefore = (await app.db.select().from(emailOutbox)).length;
    const cases: [object, Record<string, string[]>][] = [
      [
        { ...GOOD, name: ' ', email: 'karin@', phone: '123', consent: false },
        {
          name: ['Detta fält är obligatoriskt'],
          email: ['Fältet e-post måste vara en giltig e-postadress'],
          phone: ['Ogiltigt telefonnummer'],
          consent: ['Du behöver godkänna att vi kontaktar dig om ditt ärende'],
        },
      ],
      [{ ...GOOD, message: 'Hej!' }, { message: ['Fältet meddelande måste vara minst 10 tecken'] }],
      // Shaped like a phone number, but no such number exists.
      [{ ...GOOD, phone: '000 000 000' }, { phone: ['Ogiltigt telefonnummer'] }],
      [{ ...GOOD, subject: 's'.repeat(151) }, { subject: ['Fältet ämne får vara högst 150 tecken'] }],
      [{ ...GOOD, website: 'spam' }, { website: ['Okänt fält'] }],
      [
        { name: 'Karin' },
        {
          email: ['Detta fält är obligatoriskt'],
          subject: ['Detta fält är obligatoriskt'],
          message: ['Detta fält är obligatoriskt'],
          consent: ['Du behöver godkänna att vi kontaktar dig om ditt ärende'],
        },
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await post('contact_form', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { error: object }).error).toEqual(error);
    }
    const english = await post('contact_form', { ...GOOD, consent: false }, { lang: 'en' });
    expect((english.json() as { error: Record<string, string[]> }).error.consent).toEqual([
      'Please agree that we may contact you about your message',
    ]);
    expect((await allMessages()).length).toBe(before);
    expect((await app.db.select().from(emailOutbox)).length).toBe(mailsBefore);
  });

  it('limits each IP address with 429, Retry-After and a localised message', async () => {
    const ip = freshIp();
    for (let i = 0; i < FORM_BUDGETS.contactForm.limit; i++) {
      expect((await post('contact_form', { ...GOOD, email: `burst${i}@example.se` }, { ip })).statusCode).toBe(201);
    }
    const before = (await allMessages()).length;
    const refused = await post('contact_form', { ...GOOD, email: 'burst-last@example.se' }, { ip });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(FORM_BUDGETS.contactForm.windowSeconds);
    const body = refused.json() as { message: string; eng_message: string; error: string };
    expect(body.message).toMatch(/^Du har skickat många meddelanden på kort tid\. Försök igen om \d+ minuter\.$/);
    expect(body.eng_message).toMatch(/^You have sent many messages/);
    expect((await allMessages()).length).toBe(before);
    expect(await mailsTo('burst-last@example.se')).toEqual([]);
    // Another address still gets through.
    expect((await post('contact_form', { ...GOOD, email: 'neighbour@example.se' })).statusCode).toBe(201);
  });
});

describe('POST /landing_page/notification_signup', () => {
  const signups = () => app.db.select().from(notificationSignups);

  it('stores the address once and confirms by e-mail; a repeat is answered kindly and changes nothing', async () => {
    const first = await post('notification_signup/', { email: 'Nils@Example.se', name: 'Nils', club: 'Visby GK' });
    expect(first.statusCode).toBe(200);
    expect((first.json() as { data: NotificationSignupResult }).data).toEqual({ alreadySignedUp: false });
    const mails = await mailsTo('nils@example.se');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Du står på listan – vi hör av oss när Fairway lanseras');
    expect(mails[0]?.text.startsWith('Hej Nils!')).toBe(true);

    const again = await post('notification_signup', { email: 'nils@example.se ' });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: NotificationSignupResult }).data).toEqual({ alreadySignedUp: true });
    const rows = (await signups()).filter((r) => r.email === 'nils@example.se');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Nils', club: 'Visby GK' });
    expect(await mailsTo('nils@example.se')).toHaveLength(1);
  });

  it('refuses bad input and stores nothing', async () => {
    const before = (await signups()).length;
    for (const payload of [
      { email: 'nils' },
      { email: '' },
      { email: 'a@b.se', name: 'n'.repeat(101) },
      { email: 'a@b.se', phone: '1' },
    ]) {
      const res = await post('notification_signup', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await post('notification_signup', { email: 'nils' }, { lang: 'en' });
    expect((res.json() as { error: object }).error).toEqual({ email: ['The email field must be a valid email'] });
    expect((await signups()).length).toBe(before);
  });

  it('limits each IP address', async () => {
    const ip = freshIp();
    for (let i = 0; i < FORM_BUDGETS.notificationSignup.limit; i++) {
      expect((await post('notification_signup', { email: `list${i}@example.se` }, { ip })).statusCode).toBe(200);
    }
    const refused = await post('notification_signup', { email: 'list-last@example.se' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await signups()).some((r) => r.email === 'list-last@example.se')).toBe(false);
  });
});
