import { and, eq } from 'drizzle-orm';
import { addMember, createOrganisation, type TestMember, type TestOrganisation } from '../../../test/fixtures/users';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { type FortnoxSimulator, startFortnoxSimulator } from '../../providers/fortnox/simulator/index';
import { accountingSyncRuns } from '../accounting/accounting.tables';
import { runMirrorRefresh } from '../accounting/accounting-sync.service';

/**
 * Test helpers for anything that talks to an accounting program: a Fortnox simulator the app
 * uses as its "simulator" environment, and the user's round trip through its consent page.
 */
export async function useFortnoxSimulator(app: App, seed: 'demo' | 'empty' = 'demo'): Promise<FortnoxSimulator> {
  const simulator = await startFortnoxSimulator({ seed });
  app.simulators.use('fortnox', simulator);
  return simulator;
}

/** Presses "Godkänn" (or "Avbryt") on the simulator's consent page; answers the redirect's query. */
export async function answerConsent(
  authorizeUrl: string,
  decision: 'approve' | 'deny',
  tenantId = '1234567',
): Promise<URLSearchParams> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', decision);
  form.set('tenant', tenantId);
  const response = await fetch(new URL('/oauth-v1/auth', url.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`consent page answered ${response.status}`);
  return new URL(location).searchParams;
}

/** Connects the caller's club account to the simulator through the real routes. */
export async function connectThroughConsent(app: App, who: Pick<TestMember, 'headers'>): Promise<void> {
  const start = await app.inject({ method: 'POST', url: '/api/v1/integrations/accounting/connect', headers: who.headers });
  if (start.statusCode !== 200) throw new Error(`connect answered ${start.statusCode}: ${start.body}`);
  const back = await answerConsent(start.json().data.authorizeUrl, 'approve');
  const done = await app.inject({
    method: 'POST',
    url: '/api/v1/integrations/accounting/callback',
    payload: { provider: 'fortnox', state: back.get('state'), code: back.get('code') },
  });
  if (done.statusCode !== 200) throw new Error(`callback answered ${done.statusCode}: ${done.body}`);
}

/** Runs every queued refresh of the club account's mirror now (tests run no job workers). */
export async function runQueuedRefreshes(app: App, org: Pick<TestOrganisation, 'clubAccountId'>): Promise<void> {
  const runs = await app.db
    .select({ id: accountingSyncRuns.id })
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.clubAccountId, org.clubAccountId), eq(accountingSyncRuns.status, 'queued')));
  for (const run of runs) await runMirrorRefresh(app, run.id);
}

/** The usual world of an accounting-data test: Alfa GK connected to the Fortnox simulator and refreshed, Beta GK not connected. */
export interface AccountingWorld {
  t: TestApp;
  app: App;
  sim: FortnoxSimulator;
  a: TestOrganisation;
  b: TestOrganisation;
  aStaff: TestMember;
}

export async function connectedWorld(): Promise<AccountingWorld> {
  const t = await createTestApp();
  const app = t.app;
  const sim = await useFortnoxSimulator(app);
  const a = await createOrganisation(app, { name: 'Alfa GK' });
  const b = await createOrganisation(app, { name: 'Beta GK', organisationNumber: '559412-3456' });
  const aStaff = await addMember(app, a, 'Staff');
  await connectThroughConsent(app, a.owner);
  await runQueuedRefreshes(app, a);
  return { t, app, sim, a, b, aStaff };
}

type Who = { headers: Record<string, string> };

/** `get` and `send` on /api/v1 as a user, in a language. */
export function apiAs(app: App) {
  return {
    get: (url: string, who: Who, lang = 'sv') =>
      app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...who.headers, 'accept-language': lang } }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload: object = {}, lang = 'sv') =>
      app.inject({ method, url: `/api/v1${url}`, headers: { ...who.headers, 'accept-language': lang }, payload }),
  };
}
