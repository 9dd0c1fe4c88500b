import type { AddressInfo } from 'node:net';
import type { Sendout, SendoutDetail } from '@fairway/shared';
import { and, eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { eventLogs } from '../eventlogs/eventlogs.tables';
import { members } from '../members/members.tables';
import { subscriptions, subscriptionUsage } from '../subscriptions/subscriptions.tables';
import { emailTemplates, memberCareSendouts, memberCareUnsubscribes } from './member-care.tables';
import { runSendout, startDueSendouts } from './sendouts.runs';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;
let smtp: SMTPServer;
const received: { to: string[]; raw: Buffer }[] = [];
let templateId: string;
let bTemplateId: string;

async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      // A mailbox the server refuses for good: the recipient bounces.
      if (address.address.startsWith('finns-inte@'))
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
}

async function member(org: TestOrganisation, values: Partial<typeof members.$inferInsert> & { firstname: string }) {
  const [row] = await app.db
    .insert(members)
    .values({ organisationId: org.organisationId, clubAccountId: org.clubAccountId, lastname: 'Åberg', ...values })
    .returning({ id: members.id });
  return row?.id as string;
}

beforeAll(async () => {
  const port = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://portal.example.se' });
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  aOther = await addMember(app, a, 'Other');
  await member(a, { firstname: 'Örjan', email: 'orjan@example.se', phoneMobile: '+46701234567', golfId: '850312-001' });
  await member(a, { firstname: 'Märta', email: 'finns-inte@example.se', phoneMobile: '0709876543' });
  await member(a, { firstname: 'Utan', phoneMobile: '+4687654321' });
  const res = await api('POST', '/member_care/templates', a.owner, {
    title: 'Vårbrev',
    subject: 'Hej {{firstname}}, banan öppnar på lördag',
    lang: 'sv',
    design: { blocks: [{ type: 'text', id: 't1', html: '<p>Välkommen {{firstname}}! Ditt golf-ID är {{golfId}}.</p>' }] },
  });
  templateId = res.json().data.id;
  const [bt] = await app.db
    .insert(emailTemplates)
    .values({
      organisationId: b.organisationId,
      clubAccountId: b.clubAccountId,
      title: 'B',
      design: { version: 1, settings: {}, blocks: [] } as never,
      html: '',
      text: '',
    })
    .returning({ id: emailTemplates.id });
  bTemplateId = bt?.id as string;
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

type Who = { headers: Record<string, string> };
function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object, lang = 'en') {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload }),
  });
}

const emailBody = () => ({ channel: 'email', title: 'Vårbrev', templateId, selection: {} });
async function createSendout(body: object = emailBody()): Promise<Sendout> {
  const res = await api('POST', '/member_care/sendouts', a.owner, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('e-mail send-outs', () => {
  it('creates a draft, sends it through SMTP with filled fields and unsubscribe header and link, and records each recipient', async () => {
    const draft = await createSendout();
    expect(draft).toMatchObject({ status: 'draft', channel: 'email', counts: { total: 0 } });
    const sent = await api('POST', `/member_care/sendouts/${draft.id}/send`, a.owner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('sending');
    expect(await runSendout(app, draft.id, { retryBaseMs: 1 })).toBe('succeeded');

    const read = (await api('GET', `/member_care/sendouts/${draft.id}`, aOther)).json().data as SendoutDetail;
    expect(read.status).toBe('sent');
    expect(read.counts).toMatchObject({ total: 2, sent: 1, bounced: 1 });
    expect(read.recipients.find((r) => r.name === 'Märta Åberg')).toMatchObject({ status: 'bounced' });
    expect(read.recipients.find((r) => r.name === 'Örjan Åberg')).toMatchObject({ status: 'sent', address: 'orjan@example.se' });

    const delivered = received.filter((m) => m.to.includes('orjan@example.se'));
    expect(delivered).toHaveLength(1);
    const mail: ParsedMail = await simpleParser(delivered[0]?.raw as Buffer);
    expect(mail.subject).toBe('Hej Örjan, banan öppnar på lördag');
    expect(mail.text).toContain('Välkommen Örjan! Ditt golf-ID är 850312-001.');
    expect(mail.html).toContain('Välkommen Örjan!');
    const raw = String(delivered[0]?.raw);
    const line = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribe = { url: /<([^>]+)>/.exec(line('list-unsubscribe') ?? '')?.[1]?.replace(/\s+/g, '') as string };
    expect(unsubscribe.url).toMatch(/^https:\/\/portal\.example\.se\/api\/v1\/member_care\/unsubscribe\//);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('Content-Type: text/plain');
    expect(mail.html).toContain(`href="${unsubscribe.url}"`);
    expect(mail.text).toContain(unsubscribe.url);

    // The link works: one click, and the next send-out leaves Örjan out.
    const path = new URL(unsubscribe.url).pathname;
    const click = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    const stored = await app.db.select().from(memberCareUnsubscribes).where(eq(memberCareUnsubscribes.sendoutId, draft.id));
    expect(stored).toHaveLength(1);
    const preview = await api('POST', '/member_care/recipients/preview', aOther, { channel: 'email', selection: {} });
    expect(preview.json().data.excludedByReason.unsubscribed).toBe(1);

    // Failures show in the list and the event log.
    const earlier = (await api('GET', '/member_care/sendouts?view=earlier', aOther)).json().data as Sendout[];
    expect(earlier.find((s) => s.id === draft.id)?.counts.bounced).toBe(1);
    const events = await app.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.activity, 'memberCare.event.sendoutFinished')));
    expect(events.at(-1)?.type).toBe('ERROR');
    // A started send-out cannot be changed any more.
    expect((await api('PUT', `/member_care/sendouts/${draft.id}`, a.owner, emailBody())).statusCode).toBe(409);
  });

  it('schedules at most 7 days back, lists scheduled apart from earlier ones, and starts them when due', async () => {
    const draft = await createSendout();
    const tooEarly = await api('POST', `/member_care/sendouts/${draft.id}/schedule`, a.owner, { sendAt: '2020-01-01T10:00' });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error.sendAt).toEqual(['Maximum 7 Days Back time']);
    const future = new Date(Date.now() + 3 * 86_400_000);
    const sendAt = future.toISOString().slice(0, 16);
    const scheduled = await api('POST', `/member_care/sendouts/${draft.id}/schedule`, a.owner, { sendAt });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data.status).toBe('scheduled');
    const list = (await api('GET', '/member_care/sendouts?view=scheduled', aOther)).json().data as Sendout[];
    expect(list.map((s) => s.id)).toContain(draft.id);
    expect(
      ((await api('GET', '/member_care/sendouts?view=earlier', aOther)).json().data as Sendout[]).map((s) => s.id),
    ).not.toContain(draft.id);
    // Not due yet; then due (the job's check, as if three days had passed).
    expect(await startDueSendouts(app)).toBe(0);
    expect(await startDueSendouts(app, new Date(future.getTime() + 86_400_000))).toBe(1);
    const [row] = await app.db.select().from(memberCareSendouts).where(eq(memberCareSendouts.id, draft.id));
    expect(row?.status).toBe('queued');
    // Cancelled before its run started: nothing is sent.
    const cancel = await api('POST', `/member_care/sendouts/${draft.id}/cancel`, a.owner);
    expect(cancel.json().data.status).toBe('cancelled');
    expect(await runSendout(app, draft.id)).toBe('gone');
  });

  it('sends a test copy to a required address', async () => {
    const draft = await createSendout();
    const missing = await api('POST', `/member_care/sendouts/${draft.id}/test`, a.owner, { to: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.to).toEqual(['Test sending requires a test e-mail address']);
    const ok = await api('POST', `/member_care/sendouts/${draft.id}/test`, a.owner, { to: 'kansliet@example.se' });
    expect(ok.statusCode, ok.body).toBe(200);
    const copy = received.find((m) => m.to.includes('kansliet@example.se'));
    // Filled with the first recipient's fields (Örjan unsubscribed above).
    expect((await simpleParser(copy?.raw as Buffer)).subject).toBe('[Test] Hej Märta, banan öppnar på lördag');
  });

  it("refuses bad input, another organisation's ids and a role without the write scope", async () => {
    const bad = await api(
      'POST',
      '/member_care/sendouts',
      a.owner,
      { channel: 'sms', title: 'Sms', sender: 'Golfklubben12', message: '' },
      'sv',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.sender).toEqual(['Avsändarens namn behöver vara minst 1 och högst 11 karaktärer']);
    expect(bad.json().error.message).toBeDefined();
    const empty = await api('POST', '/member_care/sendouts', a.owner, {
      channel: 'sms',
      title: 'Sms',
      sender: '',
      message: 'Hej',
    });
    expect(empty.json().error.sender).toEqual(['Sender Name is required']);
    expect((await api('POST', '/member_care/sendouts', a.owner, { ...emailBody(), templateId: bTemplateId })).statusCode).toBe(
      404,
    );
    const mine = await createSendout();
    for (const [method, url, body] of [
      ['GET', '', undefined],
      ['PUT', '', emailBody()],
      ['DELETE', '', undefined],
      ['POST', '/send', undefined],
      ['POST', '/cancel', undefined],
      ['POST', '/schedule', { sendAt: '2030-01-01T10:00' }],
      ['POST', '/test', { to: 'x@example.se' }],
    ] as const) {
      const res = await api(method, `/member_care/sendouts/${mine.id}${url}`, b.owner, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api('POST', '/member_care/sendouts', aOther, emailBody())).statusCode).toBe(403);
    expect((await api('POST', `/member_care/sendouts/${mine.id}/send`, aOther)).statusCode).toBe(403);
    expect((await api('DELETE', `/member_care/sendouts/${mine.id}`, a.owner)).statusCode).toBe(200);
  });
});

describe('SMS send-outs', () => {
  it('refuses a send-out that would pass the SMS plan, saying how many are left, and counts each segment it sends', async () => {
    const sms = await createSendout({
      channel: 'sms',
      title: 'Banan öppnar',
      sender: 'AlfaGK',
      message: 'Banan öppnar på lördag! Välkomna.',
      selection: {},
    });
    expect(sms.segments).toBe(1);
    const noPlan = await api('POST', `/member_care/sendouts/${sms.id}/send`, a.owner);
    expect(noPlan.statusCode).toBe(406);
    expect(noPlan.json().eng_message).toContain('only 0 left');
    await app.db.update(subscriptions).set({ smsPlanId: 'sms-100' }).where(eq(subscriptions.organisationId, a.organisationId));
    const sent = await api('POST', `/member_care/sendouts/${sms.id}/send`, a.owner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await runSendout(app, sms.id)).toBe('succeeded');
    const read = (await api('GET', `/member_care/sendouts/${sms.id}`, aOther)).json().data as SendoutDetail;
    // Örjan and Märta have mobile numbers (E.164); Utan's is a landline.
    expect(read.counts).toMatchObject({ total: 2, sent: 2 });
    expect(read.recipients.map((r) => r.address).sort()).toEqual(['+46701234567', '+46709876543']);
    const [usage] = await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, a.organisationId));
    expect(usage?.sms).toBe(2);
  });

  it('cancelled while it runs: stops at its next step, the recipients never handed over are cancelled and their segments given back', async () => {
    const sms = await createSendout({
      channel: 'sms',
      title: 'Avbryts',
      sender: 'AlfaGK',
      message: 'Tävlingen ställs in.',
      selection: {},
    });
    await app.db.update(subscriptions).set({ smsPlanId: 'sms-100' }).where(eq(subscriptions.organisationId, a.organisationId));
    const [before] = await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, a.organisationId));
    expect((await api('POST', `/member_care/sendouts/${sms.id}/send`, a.owner)).statusCode).toBe(200);
    let cancelled = 0;
    const outcome = await runSendout(app, sms.id, {
      // The office cancels after the first SMS was handed over.
      afterRecipient: async () => {
        if (cancelled++ > 0) return;
        const res = await api('POST', `/member_care/sendouts/${sms.id}/cancel`, a.owner);
        expect(res.statusCode, res.body).toBe(200);
      },
    });
    expect(outcome).toBe('taken-over');
    expect(cancelled).toBe(1);
    for (const lang of ['en', 'sv']) {
      const read = (await api('GET', `/member_care/sendouts/${sms.id}`, aOther, undefined, lang)).json().data as SendoutDetail;
      expect(read.status).toBe('cancelled');
      expect(read.counts).toMatchObject({ total: 2, sent: 1, queued: 0, cancelled: 1 });
      expect(read.recipients.map((r) => r.status).sort()).toEqual(['cancelled', 'sent']);
    }
    // The recipients filtered by status, their reason as text in the reader's language (this request's: English).
    const only = (await api('GET', `/member_care/sendouts/${sms.id}?status=cancelled`, aOther)).json().data as SendoutDetail;
    expect(only.recipients.map((r) => [r.status, r.reason])).toEqual([['cancelled', 'Not sent: the send-out was cancelled']]);
    expect(only.recipientsPagination.total).toBe(1);
    // The queue's later attempt finds nothing to do.
    expect(await runSendout(app, sms.id)).toBe('gone');
    const [after] = await app.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.organisationId, a.organisationId));
    expect((after?.sms ?? 0) - (before?.sms ?? 0)).toBe(1);
    const [event] = await app.db
      .select()
      .from(eventLogs)
      .where(
        and(eq(eventLogs.organisationId, a.organisationId), eq(eventLogs.activity, 'memberCare.event.sendoutCancelledRunning')),
      );
    expect(event?.params).toMatchObject({ title: 'Avbryts', sent: 1, cancelled: 1 });
  });
});
