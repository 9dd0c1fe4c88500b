import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORTNOX_SCOPES } from './oauth';
import { type FortnoxSimulator, SIM_DEFAULT_CLIENT, startFortnoxSimulator } from './simulator/index';
import { runFortnoxSmoke, smokeEnvFrom } from './smoke';

/** The smoke chain (`npm run smoke:fortnox`) run against the simulator, so the script itself is known to work. */

let sim: FortnoxSimulator;

beforeAll(async () => {
  sim = await startFortnoxSimulator({ tenants: [{ tenantId: '6666666', companyName: 'Rök GK', seed: 'demo' }] });
});

afterAll(async () => {
  await sim?.close();
});

describe('the Fortnox smoke test', () => {
  it('says there is nothing to do without credentials', () => {
    expect(smokeEnvFrom({})).toBeNull();
    expect(smokeEnvFrom({ FORTNOX_SMOKE_CLIENT_ID: 'x', FORTNOX_SMOKE_CLIENT_SECRET: 'y' })).toBeNull();
  });

  it('runs the whole chain with a refresh token, cleans up, and reports each step', async () => {
    const issued = sim.auth.issue(SIM_DEFAULT_CLIENT.clientId, '6666666', FORTNOX_SCOPES);
    const env = smokeEnvFrom({
      FORTNOX_SMOKE_CLIENT_ID: SIM_DEFAULT_CLIENT.clientId,
      FORTNOX_SMOKE_CLIENT_SECRET: SIM_DEFAULT_CLIENT.clientSecret,
      FORTNOX_SMOKE_REFRESH_TOKEN: issued.refresh_token,
      FORTNOX_SMOKE_API_URL: sim.apiBaseUrl,
      FORTNOX_SMOKE_AUTH_URL: sim.authBaseUrl,
    });
    expect(env).not.toBeNull();
    const lines: string[] = [];
    const result = await runFortnoxSmoke(env!, (line) => lines.push(line));
    expect(result.steps.filter((s) => !s.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => s.step)).toEqual([
      'connect',
      'company',
      'create customer',
      'create article',
      'create invoice',
      'book',
      'send (externalprint)',
      'register payment',
      'credit',
      'read back',
    ]);
    // The shared step printer (providers/smoke-steps.ts): numbered and timed lines.
    expect(lines[0]).toMatch(/^ok +1\. connect \(\d+ ms\)/);
    expect(lines.some((l) => /^ok +10\. read back \(\d+ ms\)/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('clean customer'))).toBe(true);
    const customer = [...sim.store.tenant('6666666').customers.values()].find((c) => c.doc.Name.startsWith('Fairway smoke'));
    expect(customer?.doc.Active).toBe(false);
  }, 60_000);
});
