import type { App } from '../../app';
import { type FortnoxSimulator, startFortnoxSimulator } from '../../integrations/fortnox/simulator/index';
import type { TestMember } from '../users/test-fixtures';

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
