import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../../test/fixtures/auth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createMailTransport,
  deliverEmail,
  dispatchEmails,
  EMAIL_MAX_ATTEMPTS,
  queueEmail,
  redispatchQueuedEmails,
} from './email.service';
import { emailOutbox } from './email.tables';
import { EMAIL_TEMPLATES, type EmailTemplateParams, renderEmail } from './email.templates';

const PARAMS: EmailTemplateParams = {
  welcome: { name: 'Anna <b>', organisationName: 'Båstad GK', loginUrl: 'https://fairway.test/login' },
  password_reset: { name: 'Anna <b>', link: 'https://fairway.test/reset-password?token=abc&x=1', expiresInMinutes: 60 },
  invitation: {
    name: 'Anna <b>',
    inviterName: 'Per',
    organisationName: 'Båstad GK',
    link: 'https://fairway.test/complete-profile?token=abc',
    expiresInDays: 7,
  },
  password_changed: { name: 'Anna <b>', forgotPasswordUrl: 'https://fairway.test/forgot-password' },
  integration_request: {
    name: 'Anna <b>',
    organisationName: 'Båstad GK',
    customerNumber: '10001',
    clubAccountName: 'Båstad GK',
    userName: 'Per',
    userEmail: 'per@example.se',
    system: 'Fortnox',
    message: 'Vi vill koppla Fortnox',
  },
  contact_received: { name: 'Anna <b>', subject: 'Demo', message: 'Kan vi få en demo?', replyWithinHours: 48 },
  contact_notification: {
    name: 'Anna <b>',
    senderName: 'Per',
    senderEmail: 'per@example.se',
    phone: '+46701740645',
    club: 'Båstad GK',
    subject: 'Demo',
    message: 'Kan vi få en demo?',
    replyWithinHours: 48,
  },
  launch_signup: { name: 'Anna <b>', siteUrl: 'https://fairway.test/' },
  support_ticket: {
    name: 'Anna <b>',
    number: 1042,
    organisationName: 'Båstad GK',
    customerNumber: '10001',
    clubAccountName: 'Båstad GK',
    userName: 'Per',
    userEmail: 'per@example.se',
    member: 'Eva Ek (1234)',
    subject: 'Fel saldo',
    message: 'Saldot stämmer inte',
  },
  support_ticket_received: {
    name: 'Anna <b>',
    number: 1042,
    subject: 'Fel saldo',
    message: 'Saldot stämmer inte',
    replyWithinHours: 48,
  },
  support_hours_bought: {
    name: 'Anna <b>',
    organisationName: 'Båstad GK',
    hours: 1.5,
    unitPriceOre: 150_000,
    exVatOre: 225_000,
    vatOre: 56_250,
    totalOre: 281_250,
    billingUrl: 'https://fairway.test/dashboard/configuration/settings?tab=billing',
  },
};

describe('templates', () => {
  for (const template of EMAIL_TEMPLATES) {
    it(`${template} reads in Swedish and English, as text and HTML`, () => {
      const sv = renderEmail(template, 'sv', PARAMS[template] as never);
      const en = renderEmail(template, 'en', PARAMS[template] as never);
      expect(sv.subject).toContain('Fairway');
      expect(en.subject).toContain('Fairway');
      expect(sv.subject).not.toBe(en.subject);
      expect(sv.text.startsWith('Hej Anna <b>!')).toBe(true);
      expect(en.text.startsWith('Hi Anna <b>,')).toBe(true);
      expect(sv.html).toContain('<html lang="sv">');
      expect(en.html).toContain('<html lang="en">');
      // Parameters are escaped in HTML, never injected.
      expect(sv.html).toContain('Anna &lt;b&gt;');
      expect(sv.html).not.toContain('Anna <b>');
      // Not every message carries a link (e.g. an integration request to our support).
      const link = Object.values(PARAMS[template]).find((v) => typeof v === 'string' && v.startsWith('https://')) as
        | string
        | undefined;
      if (link) {
        expect(sv.text).toContain(link);
        expect(en.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      }
    });
  }
});

describe('outbox and delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const queue = () =>
    t.app.db.transaction((tx) =>
      queueEmail(tx, { to: 'anna@example.se', template: 'welcome', lang: 'sv', params: PARAMS.welcome, meta: { why: 'test' } }),
    );
  const row = async (id: string) => (await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

  it('queues in the transaction and nothing when it rolls back', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await queueEmail(tx, { to: 'gone@example.se', template: 'welcome', lang: 'en', params: PARAMS.welcome });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'gone@example.se'))).toEqual([]);
  });

  it('keeps the message in the outbox (stored) when there is no SMTP', async () => {
    const id = await queue();
    expect(await row(id)).toMatchObject({ status: 'queued', template: 'welcome', lang: 'sv', meta: { why: 'test' } });
    await dispatchEmails(t.app, [id]);
    expect(await row(id)).toMatchObject({ status: 'stored', attempts: 0 });
  });

  it('re-dispatches rows a crash left queued', async () => {
    const id = await queue();
    expect(await redispatchQueuedEmails(t.app)).toBeGreaterThanOrEqual(1);
    expect((await row(id))?.status).toBe('stored');
  });

  it('delivers through a plain SMTP server (no TLS offered) and records it', async () => {
    const peer = await startSmtpPeer({ starttls: false });
    const transport = createMailTransport(peer.url);
    try {
      const id = await queue();
      const config = { SMTP_URL: peer.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' };
      expect((await deliverEmail({ db: t.app.db, config, transport }, id)).outcome).toBe('sent');
      const mail = await peer.waitFor((m) => m.to.includes('anna@example.se'));
      expect(mail.subject).toBe('Välkommen till Fairway');
      expect(mail.headers.get('x-fairway-email-id')).toBe(id);
      expect(mail.html).toContain('Båstad GK');
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      // Idempotent: a second run of the job sends nothing.
      expect((await deliverEmail({ db: t.app.db, config, transport }, id)).outcome).toBe('skipped');
      expect(peer.mails).toHaveLength(1);
    } finally {
      transport.close();
      await peer.close();
    }
  });

  it('counts failed attempts with the error, and gives up after the last one', async () => {
    const peer = await startSmtpPeer({ rejectRecipients: true });
    const transport = createMailTransport(peer.url);
    try {
      const id = await queue();
      const deps = { db: t.app.db, config: { SMTP_URL: peer.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' }, transport };
      const first = await deliverEmail(deps, id);
      expect(first.outcome).toBe('retry');
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await row(id))?.lastError).toMatch(/Mailbox unavailable/);
      for (let i = 2; i < EMAIL_MAX_ATTEMPTS; i++) expect((await deliverEmail(deps, id)).outcome).toBe('retry');
      expect((await deliverEmail(deps, id)).outcome).toBe('failed');
      expect(await row(id)).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
    } finally {
      transport.close();
      await peer.close();
    }
  });
});
