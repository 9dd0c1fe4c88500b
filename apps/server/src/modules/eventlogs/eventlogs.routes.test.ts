import type { EventLog } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../../../test/fixtures/auth';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { logEmailDelivery } from '../email/email.jobs';
import { createMailTransport, deliverEmail, EMAIL_MAX_ATTEMPTS, queueEmail } from '../email/email.service';
import { notifications } from '../notifications/notifications.tables';
import { logEvent } from './eventlogs.service';
import { eventLogs } from './eventlogs.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aStaff: TestMember;
let aAccountant: TestMember;
let aOther: TestMember;

type Who = { headers: { authorization: string } } | null;
type Page = { data: EventLog[]; pagination: { page: number; pageSize: number; total: number } };

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: unknown, lang?: string) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(who ? who.headers : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function list(who: Who, query = '', lang?: string): Promise<Page> {
  const res = await api('GET', `/eventlogs${query}`, who, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Writes an entry at a given moment, so day filters and ordering can be checked. */
async function logAt(at: string, input: Parameters<typeof logEvent>[1]) {
  const id = await logEvent(app.db, input);
  await app.db
    .update(eventLogs)
    .set({ createdAt: new Date(at) })
    .where(eq(eventLogs.id, id));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK' });
  aStaff = await addMember(app, a, 'Staff');
  aAccountant = await addMember(app, a, 'Accountant');
  aOther = await addMember(app, a, 'Other');

  const org = a.organisationId;
  // 2026-03-01 23:30 UTC is already 2 March in Sweden.
  await logAt('2026-03-01T10:00:00Z', {
    organisationId: org,
    resource: 'invoices',
    invoice: '1001',
    activity: 'Faktura 1001 bokförd',
    type: 'SUCCESS',
  });
  await logAt('2026-03-01T23:30:00Z', {
    organisationId: org,
    clubAccountId: a.clubAccountId,
    resource: 'accounting',
    invoice: '1002',
    activity: 'Faktura 1002 kunde inte skapas i Fortnox',
    error: 'Kunden 55 saknas (2000423)',
    type: 'ERROR',
  });
  await logAt('2026-03-03T08:00:00Z', {
    organisationId: org,
    resource: 'email',
    activity: 'eventlogs.emailSent',
    params: { subject: 'Välkommen', to: 'kalle@example.se', attempts: 1 },
    type: 'SUCCESS',
  });
  await logAt('2026-03-04T08:00:00Z', {
    organisationId: org,
    resource: 'git',
    activity: 'Medlemmar hämtade från GIT',
    type: 'INFO',
  });
  await logAt('2026-03-04T09:00:00Z', {
    organisationId: b.organisationId,
    resource: 'git',
    activity: 'Beta: medlemmar hämtade',
    type: 'INFO',
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET eventlogs', () => {
  it('lists the organisation’s entries newest first with paging', async () => {
    const first = await list(a.owner, '?pageSize=3');
    expect(first.pagination).toEqual({ page: 1, pageSize: 3, total: 4 });
    expect(first.data.map((e) => e.resource)).toEqual(['git', 'email', 'accounting']);
    expect(first.data[2]).toMatchObject({
      invoice: '1002',
      error: 'Kunden 55 saknas (2000423)',
      type: 'ERROR',
      clubAccountId: a.clubAccountId,
      date: '2026-03-01T23:30:00.000Z',
    });
    const second = await list(a.owner, '?pageSize=3&page=2');
    expect(second.data.map((e) => e.invoice)).toEqual(['1001']);
  });

  it('never shows another organisation’s entries', async () => {
    expect((await list(a.owner)).data.map((e) => e.activity)).not.toContain('Beta: medlemmar hämtade');
    expect((await list(b.owner)).data.map((e) => e.activity)).toEqual(['Beta: medlemmar hämtade']);
  });

  it('renders activities in the reader’s language', async () => {
    const sv = await list(a.owner, '?resource=email', 'sv');
    const en = await list(a.owner, '?resource=email', 'en');
    expect(sv.data[0]?.activity).toBe('E-post "Välkommen" skickad till kalle@example.se');
    expect(en.data[0]?.activity).toBe('E-mail "Välkommen" sent to kalle@example.se');
  });

  it('filters by type, resource, Swedish days and text', async () => {
    expect((await list(a.owner, '?type=ERROR')).data.map((e) => e.invoice)).toEqual(['1002']);
    expect((await list(a.owner, '?type=SUCCESS')).data.map((e) => e.resource)).toEqual(['email', 'invoices']);
    expect((await list(a.owner, '?resource=git')).data).toHaveLength(1);
    expect((await list(a.owner, '?from=2026-03-02&to=2026-03-03')).data.map((e) => e.resource)).toEqual(['email', 'accounting']);
    expect((await list(a.owner, '?to=2026-03-01')).data.map((e) => e.invoice)).toEqual(['1001']);
    expect((await list(a.owner, '?from=2026-03-04')).data.map((e) => e.resource)).toEqual(['git']);
    // Invoice number, error text, plain activity, params and the rendered text of a key.
    expect((await list(a.owner, '?search=1001')).data.map((e) => e.invoice)).toEqual(['1001']);
    expect((await list(a.owner, '?search=2000423')).data.map((e) => e.invoice)).toEqual(['1002']);
    expect((await list(a.owner, '?search=fortnox')).data.map((e) => e.invoice)).toEqual(['1002']);
    expect((await list(a.owner, '?search=kalle@example')).data.map((e) => e.resource)).toEqual(['email']);
    expect((await list(a.owner, '?search=skickad')).data.map((e) => e.resource)).toEqual(['email']);
    // Wildcards typed by the user are literal.
    expect((await list(a.owner, '?search=%25')).data).toEqual([]);
    expect((await list(a.owner, '?type=INFO&resource=email')).pagination.total).toBe(0);
  });

  it('is open to roles with eventlog.read and refused with 403 to others', async () => {
    expect((await api('GET', '/eventlogs', aStaff)).statusCode).toBe(200);
    expect((await api('GET', '/eventlogs', aAccountant)).statusCode).toBe(200);
    const refused = await api('GET', '/eventlogs', aOther);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String), eng_message: expect.any(String) });
    expect((await api('GET', '/eventlogs', null)).statusCode).toBe(401);
  });

  it('refuses bad input field by field', async () => {
    const cases: [string, string][] = [
      ['?type=WARNING', 'type'],
      ['?resource=planets', 'resource'],
      ['?from=2026-13-01', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-03-05&to=2026-03-01', 'to'],
      ['?pageSize=500', 'pageSize'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?sort=date', 'sort'],
    ];
    for (const [query, field] of cases) {
      const res = await api('GET', `/eventlogs${query}`, a.owner);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys((res.json() as { error: Record<string, string[]> }).error), query).toContain(field);
    }
  });

  it('finds other features’ activities by their rendered text too', async () => {
    await logEvent(app.db, {
      organisationId: b.organisationId,
      resource: 'subscription',
      activity: 'subscriptions.event.packageRequested',
      params: { name: 'Beta Ägare', from: 'Small', package: 'Plus' },
      type: 'INFO',
    });
    const found = await list(b.owner, '?search=begärde byte', 'sv');
    expect(found.data.map((e) => e.activity)).toEqual(['Beta Ägare begärde byte från paketet Small till Plus']);
  });
});

describe('events written by the features', () => {
  it('an invitation is logged and notifies the organisation’s Owners', async () => {
    const res = await api(
      'POST',
      '/users/invite',
      a.owner,
      { name: 'Nya Nilsson', email: `nya-${Date.now()}@example.se`, role: 'Staff' },
      'sv',
    );
    expect(res.statusCode, res.body).toBe(201);
    const logged = await list(a.owner, '?resource=users', 'sv');
    expect(logged.data[0]).toMatchObject({ type: 'INFO', activity: expect.stringContaining('bjöd in Nya Nilsson') });
    // The default role reads in each reader's language, also after it was stored.
    expect(logged.data[0]?.activity).toMatch(/med rollen Personal$/);
    const english = await list(a.owner, '?resource=users', 'en');
    expect(english.data[0]?.activity).toMatch(/with the role Staff$/);
    const [note] = await app.db.select().from(notifications).where(eq(notifications.userId, a.owner.userId));
    expect(note).toMatchObject({
      organisationId: a.organisationId,
      subject: 'notifications.userInvited.subject',
      link: '/dashboard/configuration/users',
    });
    // Staff are not owners: no notification for them.
    const staffNotes = await app.db.select().from(notifications).where(eq(notifications.userId, aStaff.userId));
    expect(staffNotes).toEqual([]);
  });

  it('removing a user is logged', async () => {
    const leaving = await addMember(app, a, 'Staff', { name: 'Lämnar Larsson' });
    const res = await api('DELETE', `/users/${leaving.userId}`, a.owner, undefined, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const logged = await list(a.owner, '?resource=users&search=Larsson', 'en');
    expect(logged.data[0]).toMatchObject({ type: 'INFO', activity: expect.stringContaining('removed Lämnar Larsson') });
  });

  it('the e-mail job logs a delivery as SUCCESS and a final failure as ERROR, with the error', async () => {
    const queue = (organisationId: string | null) =>
      queueEmail(app.db, {
        to: 'kassor@example.se',
        template: 'welcome',
        lang: 'sv',
        params: { name: 'Kassör', organisationName: 'Alfa GK', loginUrl: 'https://fairway.test/login' },
        organisationId,
      });
    const emailEntries = async () => (await list(a.owner, '?resource=email&search=kassor', 'en')).data;

    const peer = await startSmtpPeer({ starttls: false });
    const transport = createMailTransport(peer.url);
    try {
      const deps = { db: app.db, config: { SMTP_URL: peer.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' }, transport };
      const id = await queue(a.organisationId);
      const delivered = await deliverEmail(deps, id);
      await logEmailDelivery(app, id, delivered.outcome, delivered.error);
      expect(await emailEntries()).toMatchObject([
        { type: 'SUCCESS', error: null, activity: expect.stringContaining('sent to kassor@example.se') },
      ]);

      // Without an organisation (e.g. a password reset) there is no event log to write to.
      const orphan = await queue(null);
      const result = await deliverEmail(deps, orphan);
      await logEmailDelivery(app, orphan, result.outcome, result.error);
      expect(await emailEntries()).toHaveLength(1);
    } finally {
      transport.close();
      await peer.close();
    }

    const refusing = await startSmtpPeer({ rejectRecipients: true });
    const refusingTransport = createMailTransport(refusing.url);
    try {
      const deps = {
        db: app.db,
        config: { SMTP_URL: refusing.url, MAIL_FROM: 'Fairway <no-reply@fairway.se>' },
        transport: refusingTransport,
      };
      const id = await queue(a.organisationId);
      let attempt = await deliverEmail(deps, id);
      // Retries in between are not events; only the final outcome is.
      await logEmailDelivery(app, id, attempt.outcome, attempt.error);
      expect(await emailEntries()).toHaveLength(1);
      while (attempt.outcome === 'retry') attempt = await deliverEmail(deps, id);
      await logEmailDelivery(app, id, attempt.outcome, attempt.error);
      const [failed] = await emailEntries();
      expect(failed).toMatchObject({ type: 'ERROR', activity: expect.stringContaining(`after ${EMAIL_MAX_ATTEMPTS} attempts`) });
      expect(failed?.error).toMatch(/Mailbox unavailable/);
    } finally {
      refusingTransport.close();
      await refusing.close();
    }
  });
});
