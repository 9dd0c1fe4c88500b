import type { Integrations } from '@fairway/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConsent, connectThroughConsent, useFortnoxSimulator } from '../../../../test/fixtures/accounting';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import type { App } from '../../../app';
import type { FortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { SIM_DEFAULT_CLIENT, startFortnoxSimulator } from '../../../providers/fortnox/simulator/index';
import { renderText } from '../../eventlogs/eventlogs.service';
import { eventLogs } from '../../eventlogs/eventlogs.tables';
import { notifications } from '../../notifications/notifications.tables';
import { accountingSyncRuns } from '../refresh/refresh.tables';
import { accountingFor, rateKeyOf } from './accounting-for';
import { accountingConnections, oauthStates } from './connections.tables';

let t: TestApp;
let app: App;
let sim: FortnoxSimulator;
let a: TestOrganisation;
let aStaff: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  sim = await useFortnoxSimulator(app);
  a = await createOrganisation(app, { name: 'Alfa GK' });
  aStaff = await addMember(app, a, 'Staff');
});

afterAll(async () => {
  // The app closes the simulators it uses.
  await t?.close();
});

const connect = (who: { headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/api/v1/integrations/accounting/connect', headers: who.headers });
const callback = (payload: object, lang = 'sv') =>
  app.inject({ method: 'POST', url: '/api/v1/integrations/accounting/callback', payload, headers: { 'accept-language': lang } });
const accountingCard = async (who: { headers: Record<string, string> }) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/integrations', headers: who.headers });
  return (res.json().data as Integrations).integrations.find((i) => i.system === 'accounting');
};
const connection = async (org: TestOrganisation) =>
  (await app.db.select().from(accountingConnections).where(eq(accountingConnections.clubAccountId, org.clubAccountId)))[0];

describe('connecting a club account to Fortnox', () => {
  it('sends the user to the consent page and back to /fortnox with a single-use state', async () => {
    const res = await connect(a.owner);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.authorizeUrl);
    expect(url.origin).toBe(new URL(sim.url).origin);
    expect(url.searchParams.get('client_id')).toBe('fairway-sim-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${app.config.PUBLIC_URL}/fortnox`);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
  });

  it('a refusal on the consent page, a bad state and a reused state change nothing', async () => {
    const denied = await answerConsent((await connect(a.owner)).json().data.authorizeUrl, 'deny');
    const refused = await callback({ provider: 'fortnox', state: denied.get('state'), error: denied.get('error') }, 'en');
    expect(refused.statusCode).toBe(400);
    // The demo's connection goes to the simulator, and the message says so.
    expect(refused.json().error).toContain('cancelled in the Fortnox simulator (demo, no data reaches Fortnox)');
    expect((await callback({ provider: 'fortnox', state: 'not-a-state', code: 'x' })).json().message).toContain('gått ut');
    expect(await connection(a)).toBeUndefined();
    expect((await accountingCard(a.owner))?.status).toBe('not_connected');
  });

  it('refuses a state older than its 15 minutes, even with the code Fortnox gave, and connects nothing', async () => {
    const approved = await answerConsent((await connect(a.owner)).json().data.authorizeUrl, 'approve');
    const state = approved.get('state') as string;
    // The person left the consent page open past the state's lifetime (only its hash is stored).
    await app.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oauthStates.clubAccountId, a.clubAccountId), isNull(oauthStates.usedAt)));
    const late = await callback({ provider: 'fortnox', state, code: approved.get('code') }, 'en');
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(/expired/i);
    expect(await connection(a)).toBeUndefined();
    expect((await accountingCard(a.owner))?.status).toBe('not_connected');
  });

  it('stores the tokens encrypted, shows the company, logs it and queues the first refresh', async () => {
    const approved = await answerConsent((await connect(a.owner)).json().data.authorizeUrl, 'approve');
    const done = await callback({ provider: 'fortnox', state: approved.get('state'), code: approved.get('code') });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({
      provider: 'fortnox',
      clubAccountName: 'Alfa GK',
      companyName: 'Fairway Demo GK',
      // No FORTNOX_CLIENT_ID in the test app: the consent page and the company were the simulator's.
      target: 'simulator',
    });

    const row = await connection(a);
    expect(row?.status).toBe('connected');
    expect(row?.accessToken).toMatch(/^v1\./);
    expect(row?.refreshToken).toMatch(/^v1\./);
    // The company, from the token's tenantId claim and from the company information, so every
    // club account linked to it shares the company's 25 requests per 5 s.
    expect(row).toMatchObject({ tenantId: sim.defaultTenantId, databaseNumber: sim.defaultTenantId });
    expect(rateKeyOf(row as NonNullable<typeof row>)).toBe(`fortnox:simulator:company:${sim.defaultTenantId}`);
    const card = await accountingCard(a.owner);
    expect(card).toMatchObject({ status: 'connected', target: 'simulator', accounting: { companyName: 'Fairway Demo GK' } });

    const events = await app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, a.organisationId));
    const connected = events.find((e) => e.activity === 'integrations.event.accountingConnected');
    // The event log never says the club account reached Fortnox when it reached our simulator.
    expect(renderText(connected?.activity ?? '', 'sv', connected?.params ?? {})).toMatch(
      /anslöt Alfa GK till simulatorn för Fortnox \(demo, inga data når Fortnox\)$/,
    );
    expect(renderText(connected?.activity ?? '', 'en', connected?.params ?? {})).toMatch(
      /connected Alfa GK to the Fortnox simulator \(demo, no data reaches Fortnox\)$/,
    );
    const runs = await app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.clubAccountId, a.clubAccountId));
    expect(runs.map((r) => [r.trigger, r.status])).toContainEqual(['initial', 'queued']);

    // The same state cannot be spent twice.
    const again = await callback({ provider: 'fortnox', state: approved.get('state'), code: approved.get('code') });
    expect(again.statusCode).toBe(400);
  });

  it('only users who manage integrations may start or end a connection', async () => {
    expect((await connect(aStaff)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/v1/integrations/accounting', headers: aStaff.headers })).statusCode,
    ).toBe(403);
  });

  it('refreshes an expired token once for many concurrent calls, and rotates the refresh token', async () => {
    const before = await connection(a);
    sim.faults.expireTokens(sim.defaultTenantId);
    const provider = await accountingFor(app, a, a.clubAccountId);
    const answers = await Promise.all([
      provider.companyInformation(),
      provider.companyInformation(),
      provider.companyInformation(),
    ]);
    expect(answers.map((c) => c.name)).toEqual(['Fairway Demo GK', 'Fairway Demo GK', 'Fairway Demo GK']);
    const after = await connection(a);
    expect(after?.tokenVersion).toBe((before?.tokenVersion ?? 0) + 1);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.refreshLeaseUntil).toBeNull();
  });

  it('a revoked consent asks for a reconnect: status, notification, event, and no more calls', async () => {
    sim.faults.revokeConsent(sim.defaultTenantId);
    const provider = await accountingFor(app, a, a.clubAccountId);
    await expect(provider.companyInformation()).rejects.toMatchObject({ kind: 'consent_revoked' });
    expect((await connection(a))?.status).toBe('consent_revoked');
    expect((await accountingCard(a.owner))?.status).toBe('reconnect_needed');
    await expect(accountingFor(app, a, a.clubAccountId)).rejects.toMatchObject({ kind: 'consent_revoked', statusCode: 409 });
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, a.organisationId), eq(notifications.userId, a.owner.userId)));
    expect(told.map((n) => n.subject)).toContain('integrations.notify.consentRevokedSubject');
    const notice = told.find((n) => n.subject === 'integrations.notify.consentRevokedSubject');
    expect(renderText(notice?.subject ?? '', 'en', notice?.params ?? {})).toBe(
      'Reconnect the Fortnox simulator (demo, no data reaches Fortnox)',
    );

    // Reconnecting through the consent page makes it usable again.
    await connectThroughConsent(app, a.owner);
    expect((await accountingCard(a.owner))?.status).toBe('connected');
    expect((await (await accountingFor(app, a, a.clubAccountId)).companyInformation()).name).toBe('Fairway Demo GK');
  });

  it('disconnecting deletes the tokens', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/integrations/accounting', headers: a.owner.headers });
    expect(res.statusCode).toBe(200);
    const row = await connection(a);
    expect(row).toMatchObject({ status: 'disconnected', accessToken: null, refreshToken: null });
    expect((await accountingCard(a.owner))?.status).toBe('not_connected');
    await expect(accountingFor(app, a, a.clubAccountId)).rejects.toMatchObject({ kind: 'not_connected' });
  });
});

describe('connecting with FORTNOX_CLIENT_ID configured', () => {
  let live: TestApp;
  /** Stands in for the real Fortnox at the origins the operator configured; not the server's simulator. */
  let real: FortnoxSimulator;
  let org: TestOrganisation;

  beforeAll(async () => {
    real = await startFortnoxSimulator({ seed: 'demo' });
    live = await createTestApp({ FORTNOX: { ...SIM_DEFAULT_CLIENT, authUrl: real.url, apiUrl: real.url } });
    org = await createOrganisation(live.app, { name: 'Gamma GK' });
  });

  afterAll(async () => {
    await live?.close();
    await real?.close();
  });

  it('reaches the real Fortnox: the answer, the card and the event log say Fortnox, and nothing about a simulator', async () => {
    const start = await live.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/accounting/connect',
      headers: org.owner.headers,
    });
    const consent = await answerConsent(start.json().data.authorizeUrl, 'approve');
    const done = await live.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/accounting/callback',
      payload: { provider: 'fortnox', state: consent.get('state'), code: consent.get('code') },
    });
    expect(done.json().data).toEqual({
      provider: 'fortnox',
      clubAccountName: 'Gamma GK',
      companyName: 'Fairway Demo GK',
      target: 'live',
    });
    const res = await live.app.inject({ method: 'GET', url: '/api/v1/integrations', headers: org.owner.headers });
    const card = (res.json().data as Integrations).integrations.find((i) => i.system === 'accounting');
    expect(card).toMatchObject({ status: 'connected', target: 'live', accounting: { companyName: 'Fairway Demo GK' } });
    const events = await live.app.db.select().from(eventLogs).where(eq(eventLogs.organisationId, org.organisationId));
    const connected = events.find((e) => e.activity === 'integrations.event.accountingConnected');
    expect(renderText(connected?.activity ?? '', 'en', connected?.params ?? {})).toMatch(/connected Gamma GK to Fortnox$/);
  });
});
