import type { IntegrationRequest, Integrations } from '@fairway/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubFile } from '../../../test/fixtures/club';
import { createOrganisation, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { addressOf } from '../../lib/mailbox';
import { demoGitConnection } from '../../providers/git/git.demo';
import { type GitSimulator, startGitSimulator } from '../../providers/git/git.simulator';
import { connectToSimulator } from '../accounting/connection/connections.service';
import { emailOutbox } from '../email/email.tables';
import { connectDemoGit } from '../git/connection/git-connections.service';
import { clubAccounts } from '../organizations/organizations.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { integrationRequests } from './integrations.tables';

const { app, a, b, aOther, aStaff, aDriftManager } = await clubFile();

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
        // No FORTNOX_CLIENT_ID in the test app: connecting would reach the built-in simulator.
        target: 'simulator',
        accounting: { companyName: null, connectedAt: null, lastRefresh: null, connectorLastSeenAt: null },
      },
      // No GIT origin configured: only the demo's GIT simulator can be reached.
      { system: 'git', provider: 'git', status: 'not_connected', target: 'simulator' },
      { system: 'sms', provider: null, status: 'no_plan', target: null },
      // The test app has no SMTP server: mail stays in the outbox.
      { system: 'email', provider: 'smtp', status: 'outbox_only', target: null },
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
      target: null,
    });
    // Another organisation's plan is not ours.
    const own = ((await inject('GET', '/integrations', aOther)).json() as { data: Integrations }).data;
    expect(own.integrations.find((i) => i.system === 'sms')?.status).toBe('no_plan');
  });

  it('needs sign-in', async () => {
    expect((await inject('GET', '/integrations', null)).statusCode).toBe(401);
  });
});

describe('GET /integrations: what each link reaches, the real system or our simulator', () => {
  /** A server configured for the real programs and a GIT origin (FORTNOX_CLIENT_ID, VISMA_CLIENT_ID, GIT_ALLOWED_ORIGINS). */
  let live: TestApp;
  /** Stands in for an operator's configured GIT (not the server's built-in simulator). */
  let externalGit: GitSimulator;

  beforeAll(async () => {
    externalGit = await startGitSimulator({ members: 5, seed: 'configured-git' });
    const realApp = (origin: string) => ({ clientId: 'fairway-live', clientSecret: 'secret', authUrl: origin, apiUrl: origin });
    live = await createTestApp({
      FORTNOX: realApp('https://apps.fortnox.se'),
      VISMA_EEKONOMI: realApp('https://identity.vismaonline.com'),
      GIT_ALLOWED_ORIGINS: [externalGit.url],
    });
  }, 60_000);

  afterAll(async () => {
    await live?.close();
    await externalGit?.close();
  });

  const targets = async (on: App, who: { headers: Record<string, string> }) => {
    const res = await on.inject({ method: 'GET', url: '/api/v1/integrations', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { data: Integrations }).data.integrations;
    return Object.fromEntries(list.map((i) => [i.system, [i.status, i.target]]));
  };
  const useProgram = (on: App, org: TestOrganisation, program: 'fortnox' | 'visma_eekonomi' | 'visma_administration') =>
    on.db.update(clubAccounts).set({ accountingProgram: program }).where(eq(clubAccounts.id, org.clubAccountId));
  const club = (org: TestOrganisation) => ({ organisationId: org.organisationId, clubAccountId: org.clubAccountId });

  it('Fortnox without FORTNOX_CLIENT_ID: the simulator, before and after connecting', async () => {
    const org = await createOrganisation(app, { name: 'Sim GK' });
    expect((await targets(app, org.owner)).accounting).toEqual(['not_connected', 'simulator']);
    await connectToSimulator(app, club(org), 'fortnox', org.owner.userId);
    expect((await targets(app, org.owner)).accounting).toEqual(['connected', 'simulator']);
  });

  it('Fortnox with FORTNOX_CLIENT_ID: the real Fortnox, but a link made to the simulator stays the simulator', async () => {
    const org = await createOrganisation(live.app, { name: 'Live GK' });
    expect((await targets(live.app, org.owner)).accounting).toEqual(['not_connected', 'live']);
    await connectToSimulator(live.app, club(org), 'fortnox', org.owner.userId);
    expect((await targets(live.app, org.owner)).accounting).toEqual(['connected', 'simulator']);
  });

  it('Visma eEkonomi: the simulator without VISMA_CLIENT_ID, the real one with it', async () => {
    const sim = await createOrganisation(app, { name: 'Sim Visma GK' });
    await useProgram(app, sim, 'visma_eekonomi');
    expect((await targets(app, sim.owner)).accounting).toEqual(['not_connected', 'simulator']);
    const real = await createOrganisation(live.app, { name: 'Live Visma GK' });
    await useProgram(live.app, real, 'visma_eekonomi');
    expect((await targets(live.app, real.owner)).accounting).toEqual(['not_connected', 'live']);
  });

  it('Visma Administration: always the simulator, since our connector keeps a simulated company', async () => {
    for (const on of [app, live.app]) {
      const org = await createOrganisation(on, { name: 'Kansli GK' });
      await useProgram(on, org, 'visma_administration');
      expect((await targets(on, org.owner)).accounting).toEqual(['installation_needed', 'simulator']);
    }
  });

  it('GIT: the demo’s simulator is the simulator; a configured GIT origin is live', async () => {
    const demo = await createOrganisation(app, { name: 'Demo GIT GK' });
    await connectDemoGit(app, club(demo), demo.owner.userId);
    expect((await targets(app, demo.owner)).git).toEqual(['connected', 'simulator']);

    const org = await createOrganisation(live.app, { name: 'Riktig GIT GK' });
    expect((await targets(live.app, org.owner)).git).toEqual(['not_connected', 'live']);
    const connect = (body: object) =>
      live.app.inject({ method: 'PUT', url: '/api/v1/git/connection', headers: org.owner.headers, payload: body });
    // GIT's own connection answer says the same as the card (one function, gitConnectionTarget).
    const environment = async () =>
      (await live.app.inject({ method: 'GET', url: '/api/v1/git/connection', headers: org.owner.headers })).json().data
        .environment;
    const configured = await connect({ clubId: externalGit.clubId, apiKey: externalGit.apiKey, baseUrl: externalGit.apiBaseUrl });
    expect(configured.statusCode).toBe(200);
    expect(configured.json().data.environment).toBe('live');
    expect((await targets(live.app, org.owner)).git).toEqual(['connected', 'live']);
    expect(await environment()).toBe('live');

    // The built-in simulator's own address, typed in while the demo runs it, reaches no real GIT.
    const builtIn = await connect(await demoGitConnection(live.app.simulators));
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.json().data.environment).toBe('simulator');
    expect((await targets(live.app, org.owner)).git).toEqual(['connected', 'simulator']);
    expect(await environment()).toBe('simulator');
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
