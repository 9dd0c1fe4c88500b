import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountingError } from '../accounting/errors';
import { createVismaOAuth } from './oauth';
import { DEFAULT_SIMULATOR_CLIENT, startVismaSimulator, type VismaSimulator } from './simulator/index';

const REDIRECT = 'http://localhost:3000/visma-eekonomi';

let sim: VismaSimulator;
beforeAll(async () => {
  sim = await startVismaSimulator({ seed: 'empty' });
});
afterAll(async () => {
  await sim.close();
});

const oauth = () =>
  createVismaOAuth({
    authBaseUrl: sim.authBaseUrl,
    clientId: DEFAULT_SIMULATOR_CLIENT.clientId,
    clientSecret: DEFAULT_SIMULATOR_CLIENT.clientSecret,
  });

/** Plays the user's browser on the consent page: opens it, presses a button, follows nothing. */
async function consent(decision: 'allow' | 'deny', state: string): Promise<URL> {
  const page = await fetch(oauth().authorizeUrl({ state, redirectUri: REDIRECT }));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const match of html.matchAll(/name="([^"]+)" value="([^"]*)"/g))
    form.set(
      match[1] as string,
      (match[2] as string).replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    );
  form.set('decision', decision);
  const answer = await fetch(`${sim.authBaseUrl}/connect/authorize/decision`, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') as string);
}

describe('Visma eEkonomi OAuth', () => {
  it('asks for the API, offline access, sales and accounting on the authorize page', () => {
    const url = new URL(oauth().authorizeUrl({ state: 's1', redirectUri: REDIRECT }));
    expect(url.pathname).toBe('/connect/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['ea:api', 'offline_access', 'ea:sales']));
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
  });

  it("asks for Visma's company picker and for reading bank accounts (payments need one)", () => {
    const url = new URL(oauth().authorizeUrl({ state: 's2', redirectUri: REDIRECT }));
    expect(url.searchParams.get('acr_values')).toBe('forceselectcompany:true');
    expect(url.searchParams.get('prompt')).toBeNull();
    expect(url.searchParams.get('scope')?.split(' ')).toContain('ea:purchase_readonly');
  });

  it('exchanges the code the consent page sends back, with the state unchanged', async () => {
    const back = await consent('allow', 'state-42');
    expect(back.searchParams.get('state')).toBe('state-42');
    const tokens = await oauth().exchangeCode({ code: back.searchParams.get('code') as string, redirectUri: REDIRECT });
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // A code works once.
    await expect(
      oauth().exchangeCode({ code: back.searchParams.get('code') as string, redirectUri: REDIRECT }),
    ).rejects.toBeInstanceOf(AccountingError);
  });

  it('sends error=access_denied when the user refuses', async () => {
    const back = await consent('deny', 'state-7');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-7');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('rotates refresh tokens and refuses a used one as a revoked consent', async () => {
    const first = sim.grantConsent();
    const second = await oauth().refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const reuse = await oauth()
      .refresh(first.refreshToken)
      .catch((e: unknown) => e);
    expect(reuse).toBeInstanceOf(AccountingError);
    expect((reuse as AccountingError).kind).toBe('consent_revoked');
    // The successor still works, once.
    await expect(oauth().refresh(second.refreshToken as string)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('answers consent_revoked for every refresh after the company withdraws consent', async () => {
    const tokens = sim.grantConsent();
    sim.faults.revokeConsent();
    const error = await oauth()
      .refresh(tokens.refreshToken)
      .catch((e: unknown) => e);
    expect((error as AccountingError).kind).toBe('consent_revoked');
    expect((error as AccountingError).messageKey).toBe('accounting.consentRevoked');
  });

  it('refuses a wrong client secret', async () => {
    const bad = createVismaOAuth({ authBaseUrl: sim.authBaseUrl, clientId: 'fairway', clientSecret: 'wrong' });
    const error = await bad.refresh('whatever').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountingError);
    expect((error as AccountingError).kind).toBe('validation');
  });
});
