import type { IntegrationRequest, Integrations } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClubAccount,
  addMember,
  createOrganisation,
  type TestMember,
  type TestOrganisation,
} from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { addressOf } from '../../lib/mailbox';
import { emailOutbox } from '../email/email.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { integrationRequests } from './integrations.tables';

let t: TestApp;
let app: App;
let a: TestOrganisation;
let b: TestOrganisation;
let aOther: TestMember;
let aStaff: TestMember;
let aDriftManager: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  a = await createOrganisation(app, { name: 'Alfa GK' });
  b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  const drift = await addClubAccount(app, a.organisationId, 'Alfa GK Drift AB');
  aOther = await addMember(app, a, 'Other');
  aStaff = await addMember(app, a, 'Staff');
  aDriftManager = await addMember(app, a, 'Manager', { clubAccountIds: [drift] });
});

afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, who: { headers: Record<string, string> } | null, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload }),
  });

describe('GET /integrations', () => {
  it('lists accounting program, GIT, SMS and e-mail of the club account in use with honest statuses', async () => {
    const res = await inject('GET', '/integrations', aOther);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: Integrations }).data;
    expect(data.clubAccount).toEqual({ id: a.clubAccountId, name: 'Alfa GK' });
    expect(data.integrations).toEqual([
      {
        system: 'accounting',
        provider: 'fortnox',
        status: 'not_connected',
        accounting: { companyName: null, connectedAt: null, environment: null, lastRefresh: null, connectorLastSeenAt: null },
      },
      { system: 'git', provider: 'git', status: 'not_connected' },
      { system: 'sms', provider: null, status: 'no_plan' },
      // The test app has no SMTP server: mail stays in the outbox.
      { system: 'email', provider: 'smtp', status: 'outbox_only' },
    ]);
    const drift = (await inject('GET', '/integrations', aDriftManager)).json() as { data: Integrations };
    expect(drift.data.clubAccount?.name).toBe('Alfa GK Drift AB');
  });

  it('reports SMS as connected once the organisation has an SMS plan', async () => {
    await app.db
      .insert(subscriptions)
      .values({
        organisationId: b.organisationId,
        smsPlanId: 'sms-250',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        nextBillingDate: '2026-12-31',
      })
      .onConflictDoUpdate({ target: subscriptions.organisationId, set: { smsPlanId: 'sms-250' } });
    const data = ((await inject('GET', '/integrations', b.owner)).json() as { data: Integrations }).data;
    expect(data.integrations.find((i) => i.system === 'sms')).toEqual({
      system: 'sms',
      provider: 'SMS 250',
      status: 'connected',
    });
    // Another organisation's plan is not ours.
    const own = ((await inject('GET', '/integrations', aOther)).json() as { data: Integrations }).data;
    expect(own.integrations.find((i) => i.system === 'sms')?.status).toBe('no_plan');
  });

  it('needs sign-in', async () => {
    expect((await inject('GET', '/integrations', null)).statusCode).toBe(401);
  });
});

describe('POST /request_integration', () => {
  it('stores the request and e-mails our support', async () => {
    const res = await inject('POST', '/request_integration/', a.owner, {
      system: 'visma_eekonomi',
      message: '  Vi byter till Visma i januari.  ',
    });
    expect(res.statusCode).toBe(201);
    const request = (res.json() as { data: IntegrationRequest }).data;
    expect(request).toMatchObject({ system: 'visma_eekonomi', message: 'Vi byter till Visma i januari.' });

    const [row] = await app.db.select().from(integrationRequests).where(eq(integrationRequests.id, request.id));
    expect(row).toMatchObject({ organisationId: a.organisationId, clubAccountId: a.clubAccountId, userId: a.owner.userId });

    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.organisationId, a.organisationId));
    const mail = mails.find((m) => m.template === 'integration_request');
    expect(mail).toBeDefined();
    expect(mail?.toAddress).toBe(addressOf(app.config.MAIL_FROM));
    // No SMTP in tests: the outbox row is the delivered mail.
    expect(mail?.status).toBe('stored');
    expect(mail?.subject).toContain('Visma eEkonomi');
    expect(mail?.text).toContain('Vi byter till Visma i januari.');
    expect(mail?.text).toContain(a.owner.email);
  });

  it('refuses an empty message, an unknown system and unknown fields', async () => {
    const res = await inject('POST', '/request_integration', a.owner, { system: 'excel', message: ' ', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json() as { error: object }).error).sort()).toEqual(['extra', 'message', 'system']);
  });

  it('needs integrations.manage', async () => {
    expect((await inject('POST', '/request_integration', aStaff, { system: 'git', message: 'Hej' })).statusCode).toBe(403);
    expect((await inject('POST', '/request_integration', null, { system: 'git', message: 'Hej' })).statusCode).toBe(401);
    const rows = await app.db.select().from(integrationRequests).where(eq(integrationRequests.organisationId, b.organisationId));
    expect(rows).toHaveLength(0);
  });
});
